package io.assent.platform.ratelimit;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;

/**
 * Token buckets keyed by whatever a caller is counted by (a client, an IP address). Time comes
 * from the service clock, so tests can move it. Buckets live in this node's memory: with several
 * nodes each enforces the limit on the traffic it sees.
 */
public class RateLimiter {

    /** What one request was told: allowed or not, what is left, and when to come back. */
    public record Decision(boolean allowed, long limit, long remaining, long retryAfterSeconds) {
    }

    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();
    private final long perSecond;
    private final long burst;
    private final TimeMeter time;

    public RateLimiter(long perSecond, long burst, Clock clock) {
        this.perSecond = perSecond;
        this.burst = burst;
        this.time = new TimeMeter() {
            @Override
            public long currentTimeNanos() {
                java.time.Instant now = clock.instant();
                return now.getEpochSecond() * 1_000_000_000L + now.getNano();
            }

            @Override
            public boolean isWallClockBased() {
                return true;
            }
        };
    }

    public Decision tryAcquire(String key) {
        Bucket bucket = buckets.computeIfAbsent(key, k -> Bucket.builder()
                .addLimit(Bandwidth.builder().capacity(burst).refillGreedy(perSecond, Duration.ofSeconds(1)).build())
                .withCustomTimePrecision(time)
                .build());
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        long retryAfter = probe.isConsumed() ? 0 : Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
        return new Decision(probe.isConsumed(), burst, probe.getRemainingTokens(), retryAfter);
    }
}
