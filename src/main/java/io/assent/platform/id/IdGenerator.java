package io.assent.platform.id;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.UUID;

import org.springframework.stereotype.Component;

/**
 * The one source of resource ids: UUID version 7 (RFC 9562), a millisecond timestamp followed by
 * random bits. Ids stay unguessable while new rows land at the end of their indexes. Within one
 * millisecond the 12 bits after the timestamp count up (RFC 9562 method 1), so the ids one node
 * makes sort in the order it made them, which timelines use to order entries of the same instant.
 */
@Component
public class IdGenerator {

    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    public IdGenerator(Clock clock) {
        this.clock = clock;
    }

    private long lastMillis = -1;
    private int sequence;

    public UUID newId() {
        byte[] bytes = new byte[10];
        random.nextBytes(bytes);
        long millis;
        int counter;
        synchronized (this) {
            millis = Math.max(clock.millis(), lastMillis);
            if (millis == lastMillis) {
                sequence++;
                if (sequence > 0xfff) {
                    millis++;
                    sequence = bytes[0] & 0x3ff;
                }
            } else {
                // Start low in the 12-bit space so that a burst in one millisecond has room to count.
                sequence = ((bytes[0] & 0x03) << 8) | (bytes[1] & 0xff);
            }
            lastMillis = millis;
            counter = sequence;
        }
        long high = (millis << 16) | 0x7000L | counter;
        long low = 0x8000000000000000L | (bytes[2] & 0x3fL) << 56;
        for (int i = 3; i < 10; i++) {
            low |= (bytes[i] & 0xffL) << (8 * (9 - i));
        }
        return new UUID(high, low);
    }

    /** Parses an id from a path or a body; anything that is not a UUID simply names nothing. */
    public static java.util.Optional<UUID> parse(String value) {
        if (value == null || value.length() != 36) {
            return java.util.Optional.empty();
        }
        try {
            return java.util.Optional.of(UUID.fromString(value));
        } catch (IllegalArgumentException e) {
            return java.util.Optional.empty();
        }
    }
}
