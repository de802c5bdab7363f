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
    private final long refillTokens;
    private final Duration period;
    private final long burst;
    private final TimeMeter time;

    public RateLimiter(long perSecond, long burst, Clock clock) {
        this(perSecond, Duration.ofSeconds(1), burst, clock);
    }

    /** {@code tokens} come back every {@code period}, up to {@code burst}. */
    public RateLimiter(long tokens, Duration period, long burst, Clock clock) {
        this.refillTokens = tokens;
        this.period = period;
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
        ConsumptionProbe probe = bucket(key).tryConsumeAndReturnRemaining(1);
        long retryAfter = probe.isConsumed() ? 0 : Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
        return new Decision(probe.isConsumed(), burst, probe.getRemainingTokens(), retryAfter);
    }

    /** Whether a request under this key would be allowed now, without counting one. */
    public boolean hasCapacity(String key) {
        Bucket bucket = buckets.get(key);
        return bucket == null || bucket.getAvailableTokens() > 0;
    }

    private Bucket bucket(String key) {
        return buckets.computeIfAbsent(key, k -> Bucket.builder()
                .addLimit(Bandwidth.builder().capacity(burst).refillGreedy(refillTokens, period).build())
                .withCustomTimePrecision(time)
                .build());
    }
}
