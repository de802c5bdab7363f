package io.assent.platform.id;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;

class IdGeneratorTest {

    @Test
    void idsAreVersion7WithTheClocksMillisecondsUpFront() {
        Instant at = Instant.parse("2026-11-22T10:15:30.123Z");
        UUID id = new IdGenerator(Clock.fixed(at, ZoneOffset.UTC)).newId();
        assertThat(id.version()).isEqualTo(7);
        assertThat(id.variant()).isEqualTo(2);
        assertThat(id.getMostSignificantBits() >>> 16).isEqualTo(at.toEpochMilli());
    }

    @Test
    void idsAreUniqueEvenWithinOneMillisecond() {
        IdGenerator ids = new IdGenerator(Clock.fixed(Instant.now(), ZoneOffset.UTC));
        Set<UUID> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertThat(seen.add(ids.newId())).isTrue();
        }
    }

    @Test
    void idsMadeInOneMillisecondSortInTheOrderTheyWereMade() {
        IdGenerator ids = new IdGenerator(Clock.fixed(Instant.now(), ZoneOffset.UTC));
        UUID previous = ids.newId();
        for (int i = 0; i < 5_000; i++) {
            UUID next = ids.newId();
            assertThat(next.toString()).isGreaterThan(previous.toString());
            previous = next;
        }
    }

    @Test
    void laterIdsSortAfterEarlierOnes() {
        UUID early = new IdGenerator(Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC)).newId();
        UUID late = new IdGenerator(Clock.fixed(Instant.parse("2026-01-01T00:00:01Z"), ZoneOffset.UTC)).newId();
        assertThat(early.toString()).isLessThan(late.toString());
    }

    @Test
    void onlyCanonicalUuidsParse() {
        assertThat(IdGenerator.parse("0195f3b2-6a5e-7cc1-8d7e-3f2a1b0c9d8e")).isPresent();
        assertThat(IdGenerator.parse("not-an-id")).isEmpty();
        assertThat(IdGenerator.parse("1-1-1-1-1")).isEmpty();
        assertThat(IdGenerator.parse("")).isEmpty();
        assertThat(IdGenerator.parse(null)).isEmpty();
        assertThat(IdGenerator.parse("0195f3b2-6a5e-7cc1-8d7e-3f2a1b0c9d8z")).isEmpty();
    }
}
