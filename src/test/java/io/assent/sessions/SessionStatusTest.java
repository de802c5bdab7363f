package io.assent.sessions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Every pair of statuses, against the table of the spec and D7. */
class SessionStatusTest {

    @Test
    void exactlyTheSpecsMovesAreAllowed() {
        Set<String> allowed = Set.of("PENDING->GRANTED", "PENDING->DENIED", "PENDING->EXPIRED", "PENDING->REVOKED",
                "GRANTED->REVOKED");
        for (SessionStatus from : SessionStatus.values()) {
            for (SessionStatus to : SessionStatus.values()) {
                assertThat(from.canMoveTo(to)).as(from + "->" + to).isEqualTo(allowed.contains(from + "->" + to));
            }
        }
    }

    @Test
    void deniedExpiredAndRevokedAreTerminal() {
        for (SessionStatus status : SessionStatus.values()) {
            assertThat(status.isTerminal()).as(status.name())
                    .isEqualTo(EnumSet.of(SessionStatus.DENIED, SessionStatus.EXPIRED, SessionStatus.REVOKED).contains(status));
        }
    }
}
