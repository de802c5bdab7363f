package io.assent.platform.ratelimit;

import java.time.Clock;
import java.time.Duration;

/**
 * Slows guessing (D14): only failures count, so honest traffic is never limited, but after
 * {@code allowedFailures} wrong answers under one key (an IP address, an account) further attempts
 * are refused until failures age out at one per {@code recovery}.
 */
public class FailureThrottle {

    private final RateLimiter failures;

    public FailureThrottle(int allowedFailures, Duration recovery, Clock clock) {
        this.failures = new RateLimiter(1, recovery, allowedFailures, clock);
    }

    public boolean isBlocked(String key) {
        return !failures.hasCapacity(key);
    }

    public void recordFailure(String key) {
        failures.tryAcquire(key);
    }
}
