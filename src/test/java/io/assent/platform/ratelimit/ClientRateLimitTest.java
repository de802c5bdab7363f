package io.assent.platform.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;

/** D14 over HTTP, in a service configured with a tiny limit. */
@TestPropertySource(properties = {"assent.limits.requests-per-second=1", "assent.limits.burst=3"})
class ClientRateLimitTest extends ApiTest {

    @Test
    void aClientOverItsLimitGets429WithRetryAfterAndOthersAreUnaffected() {
        String client = tokenFor(fixtures.partnerClient());
        String other = tokenFor(fixtures.partnerClient());
        for (int i = 0; i < 3; i++) {
            ApiResponse allowed = call(client);
            assertThat(allowed.status()).isEqualTo(404);
            assertThat(allowed.header("RateLimit-Limit")).isEqualTo("3");
            assertThat(allowed.header("RateLimit-Remaining")).isEqualTo(String.valueOf(2 - i));
        }
        ApiResponse refused = call(client);
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.errorCode()).isEqualTo("rate_limited");
        assertThat(refused.header("Retry-After")).isEqualTo("1");
        assertThat(call(other).status()).isEqualTo(404);

        clock.advance(Duration.ofSeconds(1));
        assertThat(call(client).status()).isEqualTo(404);
    }

    private ApiResponse call(String token) {
        return api().get("/api/public/v1/nothing-here").bearer(token).unvalidated().send();
    }
}
