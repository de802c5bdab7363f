package io.assent.webhooks;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * When a failed delivery is tried again (D13): 5 s, 30 s, 2 min, 10 min, 1 h and 6 h after the
 * attempts that failed, then every 6 h, as long as the next attempt falls within 24 h of the first.
 */
final class RetrySchedule {

    static final List<Duration> DELAYS = List.of(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofMinutes(2),
            Duration.ofMinutes(10), Duration.ofHours(1), Duration.ofHours(6));
    static final Duration WINDOW = Duration.ofHours(24);

    private RetrySchedule() {
    }

    /** The time of the next attempt after {@code attemptsMade} failed attempts, the last at {@code failedAt}; empty means give up. */
    static Optional<Instant> next(Instant firstAttemptAt, int attemptsMade, Instant failedAt) {
        Duration delay = DELAYS.get(Math.min(attemptsMade, DELAYS.size()) - 1);
        Instant next = failedAt.plus(delay);
        return next.isAfter(firstAttemptAt.plus(WINDOW)) ? Optional.empty() : Optional.of(next);
    }
}
