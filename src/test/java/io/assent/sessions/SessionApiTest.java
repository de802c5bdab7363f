package io.assent.sessions;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import io.assent.partners.ClientCredentials;
import io.assent.platform.security.Environment;
import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.ConsentLoop;

/** The partner's session operations (D7): creation, validation, idempotency, isolation, scopes, expiry. */
class SessionApiTest extends ApiTest {

    @Autowired
    private JdbcClient jdbc;

    private ConsentLoop loop;

    @BeforeEach
    void partner() {
        loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE, DataCategory.CONTACTS);
    }

    @Test
    void aCreatedSessionIsPendingAndPinsThePublishedVersion() {
        ApiResponse created = loop.create("\"external_reference\":\"app-42\",\"metadata\":{\"channel\":\"web\"}");
        assertThat(created.status()).isEqualTo(201);
        var session = created.json();
        String id = session.path("session_id").asString();
        assertThat(session.path("status").asString()).isEqualTo("pending");
        assertThat(session.path("session_url").asString()).isEqualTo(root() + "/s/" + id);
        assertThat(session.path("product_version").asInt()).isEqualTo(1);
        assertThat(session.path("external_reference").asString()).isEqualTo("app-42");
        assertThat(session.path("metadata").path("channel").asString()).isEqualTo("web");
        assertThat(created.header("Location")).endsWith("/sessions/" + id);
        assertThat(java.time.Instant.parse(session.path("expires_at").asString()))
                .isBetween(clock.instant().plusSeconds(3590), clock.instant().plusSeconds(3610));
        ApiResponse read = loop.session(id);
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json().path("opportunity_id").asString()).isEqualTo(session.path("opportunity_id").asString());
        assertThat(stage(id)).isEqualTo("new");
    }

    @Test
    void basicClientCredentialsWorkOnSessionOperations() {
        ApiResponse created = api().post("/api/public/v1/sessions").basic(loop.client.clientId(), loop.client.clientSecret().orElseThrow())
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .json("{\"product_id\":\"" + loop.productId + "\",\"return_url\":\"https://partner.example/done\"}").send();
        assertThat(created.status()).isEqualTo(201);
        String id = created.json().path("session_id").asString();
        assertThat(api().get("/api/public/v1/sessions/" + id).basic(loop.client.clientId(), loop.client.clientSecret().orElseThrow())
                .send().status()).isEqualTo(200);
    }

    @Test
    void badRequestsAre400AndCreateNothing() {
        int before = sessionCount();
        assertThat(loop.create("\"expires_in\":299").errorCode()).isEqualTo("validation_failed");
        assertThat(loop.create("\"expires_in\":604801").status()).isEqualTo(400);
        assertThat(loop.create("\"expires_in\":\"3600\"").status()).isEqualTo(400);
        assertThat(loop.create("\"consumer_hint\":\"not an email\"").status()).isEqualTo(400);
        assertThat(loop.create("\"colour\":\"red\"").errorCode()).isEqualTo("invalid_request");
        ApiResponse insecure = api().post("/api/public/v1/sessions").bearer(loop.token).header("Idempotency-Key", UUID.randomUUID().toString())
                .json("{\"product_id\":\"" + loop.productId + "\",\"return_url\":\"http://partner.example/done\"}").send();
        assertThat(insecure.status()).isEqualTo(400);
        ApiResponse noReturn = api().post("/api/public/v1/sessions").bearer(loop.token).header("Idempotency-Key", UUID.randomUUID().toString())
                .json("{\"product_id\":\"" + loop.productId + "\"}").send();
        assertThat(noReturn.status()).isEqualTo(400);
        assertThat(sessionCount()).isEqualTo(before);
    }

    @Test
    void anUnusableProductIs400() {
        ConsentLoop other = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        for (String productId : List.of(UUID.randomUUID().toString(), "not-an-id", other.productId.toString(),
                draftProduct().toString())) {
            ApiResponse response = api().post("/api/public/v1/sessions").bearer(loop.token).header("Idempotency-Key", UUID.randomUUID().toString())
                    .json("{\"product_id\":\"" + productId + "\",\"return_url\":\"https://partner.example/done\"}").send();
            assertThat(response.status()).as(productId).isEqualTo(400);
            assertThat(response.errorCode()).isEqualTo("invalid_request");
        }
    }

    @Test
    void theIdempotencyKeyIsRequiredAndReplays() {
        String body = "{\"product_id\":\"" + loop.productId + "\",\"return_url\":\"https://partner.example/done\"}";
        ApiResponse missing = api().post("/api/public/v1/sessions").bearer(loop.token).json(body).send();
        assertThat(missing.errorCode()).isEqualTo("idempotency_key_missing");
        ApiResponse tooLong = api().post("/api/public/v1/sessions").bearer(loop.token).header("Idempotency-Key", "k".repeat(201))
                .json(body).send();
        assertThat(tooLong.status()).isEqualTo(400);
        String key = UUID.randomUUID().toString();
        ApiResponse first = api().post("/api/public/v1/sessions").bearer(loop.token).header("Idempotency-Key", key).json(body).send();
        ApiResponse again = api().post("/api/public/v1/sessions").bearer(loop.token).header("Idempotency-Key", key).json(body).send();
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        ApiResponse other = api().post("/api/public/v1/sessions").bearer(loop.token).header("Idempotency-Key", key)
                .json(body.replace("}", ",\"external_reference\":\"x\"}")).send();
        assertThat(other.status()).isEqualTo(422);
    }

    @Test
    void concurrentCreatesWithOneKeyMakeOneSession() throws Exception {
        String key = UUID.randomUUID().toString();
        String body = "{\"product_id\":\"" + loop.productId + "\",\"return_url\":\"https://partner.example/done\"}";
        int before = sessionCount();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<ApiResponse>> answers = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return api().post("/api/public/v1/sessions").bearer(loop.token).header("Idempotency-Key", key).json(body).send();
                }));
            }
            start.countDown();
            Set<String> ids = new java.util.HashSet<>();
            for (Future<ApiResponse> answer : answers) {
                ApiResponse response = answer.get();
                assertThat(response.status()).isIn(201, 409);
                if (response.status() == 201) {
                    ids.add(response.json().path("session_id").asString());
                }
            }
            assertThat(ids).hasSize(1);
            assertThat(sessionCount()).isEqualTo(before + 1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anotherPartnerOrEnvironmentSeesNothing() {
        String id = loop.createSession();
        ConsentLoop stranger = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        assertThat(stranger.session(id).status()).isEqualTo(404);
        assertThat(stranger.data(id).status()).isEqualTo(404);
        assertThat(stranger.revoke(id).status()).isEqualTo(404);
        ClientCredentials production = fixtures.partnerClient(loop.partner, Environment.PRODUCTION,
                Set.of("sessions.read", "sessions.revoke"));
        String productionToken = tokenFor(production);
        assertThat(api().get("/api/public/v1/sessions/" + id).bearer(productionToken).send().status()).isEqualTo(404);
        assertThat(loop.session(UUID.randomUUID().toString()).status()).isEqualTo(404);
        assertThat(loop.session("not-a-uuid").status()).isEqualTo(404);
    }

    @Test
    void eachOperationNeedsItsScope() {
        String id = loop.createSession();
        ClientCredentials readOnly = fixtures.partnerClient(loop.partner, Environment.SANDBOX, Set.of("sessions.read"));
        String token = tokenFor(readOnly);
        assertThat(api().get("/api/public/v1/sessions/" + id).bearer(token).send().status()).isEqualTo(200);
        assertThat(api().post("/api/public/v1/sessions/" + id + "/revoke").bearer(token).send().status()).isEqualTo(403);
        ApiResponse create = api().post("/api/public/v1/sessions").bearer(token).header("Idempotency-Key", "k1")
                .json("{\"product_id\":\"" + loop.productId + "\",\"return_url\":\"https://p.example/\"}").send();
        assertThat(create.status()).isEqualTo(403);
        assertThat(create.errorCode()).isEqualTo("insufficient_scope");
    }

    @Test
    void aPendingSessionExpiresExactlyAtItsTimeWithOneEvent() {
        String id = loop.create("\"expires_in\":300").json().path("session_id").asString();
        clock.advance(Duration.ofSeconds(299));
        assertThat(status(id)).isEqualTo("pending");
        clock.advance(Duration.ofSeconds(2));
        String freshToken = tokenFor(loop.client);
        ApiResponse read = api().get("/api/public/v1/sessions/" + id).bearer(freshToken).send();
        assertThat(read.json().path("status").asString()).isEqualTo("expired");
        api().get("/api/public/v1/sessions/" + id).bearer(freshToken).send();
        assertThat(events(id)).containsExactly("session.expired");
        assertThat(stage(id)).isEqualTo("closed");
        ApiResponse revoke = api().post("/api/public/v1/sessions/" + id + "/revoke").bearer(freshToken).send();
        assertThat(revoke.status()).isEqualTo(409);
        assertThat(revoke.errorCode()).isEqualTo("invalid_state_transition");
    }

    @Test
    void thePartnerRevokesAPendingSessionOnceAndForAll() {
        String id = loop.createSession();
        ApiResponse revoked = loop.revoke(id);
        assertThat(revoked.status()).isEqualTo(200);
        assertThat(revoked.json().path("status").asString()).isEqualTo("revoked");
        assertThat(loop.revoke(id).status()).isEqualTo(200);
        assertThat(events(id)).isEmpty();
        assertThat(stage(id)).isEqualTo("closed");
        assertThat(loop.data(id).errorCode()).isEqualTo("consent_not_granted");
    }

    private UUID draftProduct() {
        return fixtures.products().createDraft(loop.tenant, new io.assent.products.ProductContent("Draft", java.util.Optional.empty(),
                java.util.Optional.of("p"), List.of(DataCategory.PROFILE), java.util.Optional.empty(), java.util.Map.of())).id();
    }

    private String status(String id) {
        return loop.session(id).json().path("status").asString();
    }

    private int sessionCount() {
        return jdbc.sql("select count(*) from consent_sessions where partner_id = :p").param("p", loop.partner.id())
                .query(Integer.class).single();
    }

    private List<String> events(String id) {
        return jdbc.sql("select event_type from outbox_events where session_id = :id order by occurred_at")
                .param("id", UUID.fromString(id)).query(String.class).list();
    }

    private String stage(String id) {
        return jdbc.sql("select stage from opportunities where session_id = :id").param("id", UUID.fromString(id))
                .query(String.class).single();
    }
}
