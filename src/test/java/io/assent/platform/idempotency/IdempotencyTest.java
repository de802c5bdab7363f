package io.assent.platform.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import io.assent.partners.ClientCredentials;
import io.assent.platform.ProbeController;
import io.assent.platform.time.SqlTime;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;

/** D9 on a real endpoint: required keys, replay, misuse, concurrency and expiry. */
class IdempotencyTest extends ApiTest {

    @Autowired
    private ProbeController probe;

    @Autowired
    private JdbcClient jdbc;

    private ClientCredentials client;
    private String token;

    @BeforeEach
    void client() {
        client = fixtures.partnerClient();
        token = tokenFor(client);
    }

    @Test
    void aRequiredKeyThatIsMissingIs400() {
        ApiResponse response = send(null, body("missing-" + UUID.randomUUID()), 0);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode()).isEqualTo("idempotency_key_missing");
    }

    @Test
    void anOptionalKeyMayBeLeftOut() {
        String name = "optional-" + UUID.randomUUID();
        ApiResponse response = api().post(ProbeController.OPTIONAL_KEY_PATH).bearer(token)
                .json(body(name)).unvalidated().send();
        assertThat(response.status()).isEqualTo(201);
        assertThat(probe.count(name)).isEqualTo(1);
    }

    @Test
    void keysLongerThan200CharactersAre400() {
        assertThat(send("k".repeat(201), body("long"), 0).status()).isEqualTo(400);
        String name = "max-" + UUID.randomUUID();
        assertThat(send("k".repeat(199) + UUID.randomUUID().toString().charAt(0), body(name), 0).status()).isEqualTo(201);
    }

    @Test
    void keysWithControlCharactersAre400() {
        ApiResponse response = send("tab\there", body("ctl"), 0);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode()).isEqualTo("invalid_request");
    }

    @Test
    void theSameRequestAgainReplaysTheFirstAnswer() {
        String key = UUID.randomUUID().toString();
        String name = "replay-" + UUID.randomUUID();
        ApiResponse first = send(key, body(name), 0);
        ApiResponse second = send(key, body(name), 0);
        assertThat(first.status()).isEqualTo(201);
        assertThat(first.header("Idempotent-Replayed")).isNull();
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(second.header("Location")).isEqualTo(first.header("Location"));
        assertThat(second.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(probe.count(name)).isEqualTo(1);
    }

    @Test
    void theSameKeyWithAnotherRequestIs422() {
        String key = UUID.randomUUID().toString();
        String name = "reused-" + UUID.randomUUID();
        assertThat(send(key, body(name), 0).status()).isEqualTo(201);
        ApiResponse reused = send(key, body(name + "-other"), 0);
        assertThat(reused.status()).isEqualTo(422);
        assertThat(reused.errorCode()).isEqualTo("idempotency_key_reused");
        assertThat(probe.count(name + "-other")).isZero();
    }

    @Test
    void keysBelongToOneClient() {
        String key = UUID.randomUUID().toString();
        String name = "scoped-" + UUID.randomUUID();
        ClientCredentials other = fixtures.partnerClient();
        assertThat(send(key, body(name), 0).status()).isEqualTo(201);
        ApiResponse theirs = api().post(ProbeController.PATH).bearer(tokenFor(other))
                .header("Idempotency-Key", key).json(body(name)).unvalidated().send();
        assertThat(theirs.status()).isEqualTo(201);
        assertThat(theirs.header("Idempotent-Replayed")).isNull();
        assertThat(probe.count(name)).isEqualTo(2);
    }

    @Test
    void aKeyStillInFlightIs409() throws Exception {
        String key = UUID.randomUUID().toString();
        String name = "inflight-" + UUID.randomUUID();
        CompletableFuture<ApiResponse> slow = CompletableFuture.supplyAsync(() -> send(key, body(name), 1500));
        waitUntilClaimed(key);
        ApiResponse meanwhile = send(key, body(name), 1500);
        assertThat(meanwhile.status()).isEqualTo(409);
        assertThat(meanwhile.errorCode()).isEqualTo("idempotency_key_in_use");
        assertThat(slow.get().status()).isEqualTo(201);
        assertThat(send(key, body(name), 1500).header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(probe.count(name)).isEqualTo(1);
    }

    @Test
    void concurrentRequestsWithOneKeyCreateOneResource() throws Exception {
        String key = UUID.randomUUID().toString();
        String name = "concurrent-" + UUID.randomUUID();
        int callers = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            List<Future<ApiResponse>> answers = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return send(key, body(name), 200);
                }));
            }
            start.countDown();
            int created = 0;
            for (Future<ApiResponse> answer : answers) {
                ApiResponse response = answer.get();
                assertThat(response.status()).isIn(201, 409);
                if (response.status() == 201 && response.header("Idempotent-Replayed") == null) {
                    created++;
                }
            }
            assertThat(created).isEqualTo(1);
            assertThat(probe.count(name)).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFailedRequestReleasesItsKey() {
        String key = UUID.randomUUID().toString();
        ApiResponse failed = send(key, body("bad"), 0);
        assertThat(failed.status()).isEqualTo(400);
        String name = "after-failure-" + UUID.randomUUID();
        ApiResponse corrected = send(key, body(name), 0);
        assertThat(corrected.status()).isEqualTo(201);
        assertThat(corrected.header("Idempotent-Replayed")).isNull();
        assertThat(probe.count(name)).isEqualTo(1);
    }

    @Test
    void keysAreForgottenAfter24Hours() {
        String key = UUID.randomUUID().toString();
        String name = "expiry-" + UUID.randomUUID();
        assertThat(send(key, body(name), 0).status()).isEqualTo(201);
        clock.advance(Duration.ofHours(23));
        token = tokenFor(client);
        assertThat(send(key, body(name + "-b"), 0).status()).isEqualTo(422);
        clock.advance(Duration.ofHours(1).plusSeconds(1));
        token = tokenFor(client);
        ApiResponse fresh = send(key, body(name + "-b"), 0);
        assertThat(fresh.status()).isEqualTo(201);
        assertThat(fresh.header("Idempotent-Replayed")).isNull();
        assertThat(probe.count(name + "-b")).isEqualTo(1);
    }

    @Test
    void aKeyHeldByACrashedRequestIsFreedWhenItsLeaseEnds() {
        String key = UUID.randomUUID().toString();
        String name = "crashed-" + UUID.randomUUID();
        Instant now = clock.instant();
        jdbc.sql("""
                insert into idempotency_keys (owner_key, idem_key, request_hash, created_at, lease_until)
                values (:owner, :key, 'deadbeef', :now, :lease)""")
                .param("owner", client.clientId()).param("key", key)
                .param("now", SqlTime.of(now)).param("lease", SqlTime.of(now.plusSeconds(60)))
                .update();
        assertThat(send(key, body(name), 0).status()).isEqualTo(422);
        clock.advance(Duration.ofSeconds(61));
        token = tokenFor(client);
        assertThat(send(key, body(name), 0).status()).isEqualTo(201);
        assertThat(probe.count(name)).isEqualTo(1);
    }

    private void waitUntilClaimed(String key) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            Integer rows = jdbc.sql("select count(*) from idempotency_keys where idem_key = :key").param("key", key)
                    .query(Integer.class).single();
            if (rows > 0) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the first request never claimed its key");
    }

    private ApiResponse send(String key, String json, long delayMillis) {
        var call = api().post(ProbeController.PATH + "?delayMillis=" + delayMillis)
                .bearer(token).json(json).unvalidated();
        if (key != null) {
            call.header("Idempotency-Key", key);
        }
        return call.send();
    }

    private static String body(String name) {
        return "{\"name\":\"" + name + "\",\"quantity\":2}";
    }
}
