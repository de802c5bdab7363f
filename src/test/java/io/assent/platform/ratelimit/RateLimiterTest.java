package io.assent.platform.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.assent.support.MutableClock;

class RateLimiterTest {

    private final MutableClock clock = new MutableClock();

    @Test
    void aBurstIsAllowedThenRefusedWithRetryAfter() {
        RateLimiter limiter = new RateLimiter(1, 3, clock);
        for (int i = 0; i < 3; i++) {
            assertThat(limiter.tryAcquire("c").allowed()).isTrue();
        }
        RateLimiter.Decision refused = limiter.tryAcquire("c");
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.remaining()).isZero();
        assertThat(refused.retryAfterSeconds()).isEqualTo(1);
    }

    @Test
    void tokensComeBackWithTime() {
        RateLimiter limiter = new RateLimiter(2, 2, clock);
        limiter.tryAcquire("c");
        limiter.tryAcquire("c");
        assertThat(limiter.tryAcquire("c").allowed()).isFalse();
        clock.advance(Duration.ofSeconds(1));
        assertThat(limiter.tryAcquire("c").allowed()).isTrue();
        assertThat(limiter.tryAcquire("c").allowed()).isTrue();
        assertThat(limiter.tryAcquire("c").allowed()).isFalse();
    }

    @Test
    void eachKeyHasItsOwnBucket() {
        RateLimiter limiter = new RateLimiter(1, 1, clock);
        assertThat(limiter.tryAcquire("a").allowed()).isTrue();
        assertThat(limiter.tryAcquire("a").allowed()).isFalse();
        assertThat(limiter.tryAcquire("b").allowed()).isTrue();
    }
}
