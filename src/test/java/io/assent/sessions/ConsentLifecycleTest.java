package io.assent.sessions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.ConsentLoop;
import io.assent.support.ConsentLoop.Consumer;
import tools.jackson.databind.JsonNode;

/** The consumer's answers through the API and what each one writes (D7, D11, D12, D13, D17). */
class ConsentLifecycleTest extends ApiTest {

    @Autowired
    private JdbcClient jdbc;

    private ConsentLoop loop;

    @BeforeEach
    void partner() {
        loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE, DataCategory.ADDRESSES);
    }

    @Test
    void openingClaimsTheSessionAndApprovingGrantsExactlyTheConsentedData() {
        String id = loop.createSession();
        Consumer consumer = loop.consumer();
        ApiResponse opened = loop.consumerCall(consumer, "GET", "/" + id);
        assertThat(opened.status()).isEqualTo(200);
        assertThat(opened.json().path("status").asString()).isEqualTo("pending");
        assertThat(opened.json().path("partner").path("name").asString()).isEqualTo(loop.partner.name());
        assertThat(opened.json().path("product").path("version").asInt()).isEqualTo(1);
        assertThat(stage(id)).isEqualTo("consent_pending");
        assertThat(loop.data(id).errorCode()).isEqualTo("consent_not_granted");

        ApiResponse approved = loop.consumerCall(consumer, "POST", "/" + id + "/approve");
        assertThat(approved.status()).isEqualTo(200);
        assertThat(approved.json().path("status").asString()).isEqualTo("granted");
        assertThat(approved.json().path("answered_at").isNull()).isFalse();
        assertThat(loop.session(id).json().path("status").asString()).isEqualTo("granted");

        JsonNode data = loop.data(id).json();
        assertThat(data.path("product_version").asInt()).isEqualTo(1);
        assertThat(fieldNames(data.path("data"))).containsExactlyInAnyOrder("profile", "addresses");
        assertThat(data.path("data").path("profile").path("email").asString()).isEqualTo(consumer.account().email());
        assertThat(data.path("data").path("addresses").isArray()).isTrue();

        assertThat(events(id)).containsExactly("session.granted");
        assertThat(stage(id)).isEqualTo("consent_granted");
        assertThat(history(consumer)).containsExactly("consent_granted");
        assertThat(notifications(consumer)).containsExactlyInAnyOrder("session_pending", "grant_created");
        JsonNode grants = api().get("/api/public/v1/me/grants").bearer(consumer.token()).send().json();
        assertThat(grants.get(0).path("session_id").asString()).isEqualTo(id);
        assertThat(grants.get(0).path("status").asString()).isEqualTo("active");
        assertThat(grants.get(0).path("data_categories").valueStream().map(JsonNode::asString).toList())
                .containsExactly("profile", "addresses");
    }

    @Test
    void onlyTheConsentedCategoriesAreEverInTheData() {
        ConsentLoop profileOnly = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        String id = profileOnly.createSession();
        Consumer consumer = profileOnly.consumer();
        profileOnly.consumerCall(consumer, "POST", "/" + id + "/approve");
        JsonNode data = profileOnly.data(id).json().path("data");
        assertThat(fieldNames(data)).containsExactly("profile");
    }

    @Test
    void denyingIsTerminalAndTheDataNeverOpens() {
        String id = loop.createSession();
        Consumer consumer = loop.consumer();
        ApiResponse denied = loop.consumerCall(consumer, "POST", "/" + id + "/deny");
        assertThat(denied.json().path("status").asString()).isEqualTo("denied");
        assertThat(loop.consumerCall(consumer, "POST", "/" + id + "/approve").errorCode()).isEqualTo("invalid_state_transition");
        assertThat(loop.revoke(id).status()).isEqualTo(409);
        assertThat(loop.data(id).status()).isEqualTo(404);
        assertThat(events(id)).containsExactly("session.denied");
        assertThat(stage(id)).isEqualTo("withdrawn");
        assertThat(history(consumer)).containsExactly("consent_denied");
    }

    @Test
    void theConsumerRevokesAGrant() {
        String id = loop.createSession();
        Consumer consumer = loop.consumer();
        loop.consumerCall(consumer, "POST", "/" + id + "/approve");
        ApiResponse revoked = loop.consumerCall(consumer, "POST", "/" + id + "/revoke");
        assertThat(revoked.status()).isEqualTo(200);
        assertThat(revoked.json().path("status").asString()).isEqualTo("revoked");
        assertThat(loop.data(id).errorCode()).isEqualTo("consent_not_granted");
        assertThat(events(id)).containsExactly("session.granted", "grant.revoked");
        assertThat(payload(id, "grant.revoked").path("revoked_by").asString()).isEqualTo("consumer");
        assertThat(payload(id, "grant.revoked").path("grant_id").asString()).isNotBlank();
        assertThat(stage(id)).isEqualTo("withdrawn");
        assertThat(history(consumer)).containsExactly("consent_revoked", "consent_granted");
        assertThat(api().get("/api/public/v1/me/grants").bearer(consumer.token()).send().json().get(0).path("status").asString())
                .isEqualTo("revoked");
        assertThat(loop.consumerCall(consumer, "POST", "/" + id + "/revoke").status()).isEqualTo(200);
        assertThat(events(id)).hasSize(2);
    }

    @Test
    void thePartnerRevokesAGrant() {
        String id = loop.createSession();
        Consumer consumer = loop.consumer();
        loop.consumerCall(consumer, "POST", "/" + id + "/approve");
        ApiResponse revoked = loop.revoke(id);
        assertThat(revoked.json().path("status").asString()).isEqualTo("revoked");
        assertThat(loop.revoke(id).status()).isEqualTo(200);
        assertThat(events(id)).containsExactly("session.granted", "grant.revoked");
        assertThat(payload(id, "grant.revoked").path("revoked_by").asString()).isEqualTo("partner");
        assertThat(notifications(consumer)).contains("grant_revoked");
        assertThat(loop.data(id).status()).isEqualTo(404);
    }

    @Test
    void theFirstConsumerClaimsTheSessionAndNobodyElseSeesIt() {
        String id = loop.createSession();
        Consumer first = loop.consumer();
        Consumer second = loop.consumer();
        assertThat(loop.consumerCall(first, "GET", "/" + id).status()).isEqualTo(200);
        assertThat(loop.consumerCall(second, "GET", "/" + id).status()).isEqualTo(404);
        assertThat(loop.consumerCall(second, "POST", "/" + id + "/approve").status()).isEqualTo(404);
        assertThat(loop.consumerCall(first, "GET", "").json()).hasSize(1);
        assertThat(loop.consumerCall(second, "GET", "").json()).isEmpty();
    }

    @Test
    void aConsumerHintReservesTheSession() {
        Consumer hinted = loop.consumer();
        Consumer other = loop.consumer();
        String id = loop.create("\"consumer_hint\":\"" + hinted.account().email().toUpperCase() + "\"").json()
                .path("session_id").asString();
        assertThat(loop.consumerCall(other, "GET", "/" + id).status()).isEqualTo(404);
        assertThat(loop.consumerCall(hinted, "POST", "/" + id + "/approve").status()).isEqualTo(200);
    }

    @Test
    void consentListsArePagedWithALinkHeader() {
        Consumer consumer = loop.consumer();
        for (int i = 0; i < 3; i++) {
            loop.consumerCall(consumer, "GET", "/" + loop.createSession());
        }
        ApiResponse first = api().get("/api/public/v1/me/consents?limit=2").bearer(consumer.token()).send();
        assertThat(first.json()).hasSize(2);
        String link = first.header("Link");
        assertThat(link).contains("rel=\"next\"");
        String next = link.substring(link.indexOf('<') + 1, link.indexOf('>'));
        ApiResponse second = api().get(next.substring(next.indexOf("/api/"))).bearer(consumer.token()).send();
        assertThat(second.json()).hasSize(1);
        assertThat(second.header("Link")).isNull();
        assertThat(api().get("/api/public/v1/me/consents?limit=0").bearer(consumer.token()).send().status()).isEqualTo(400);
    }

    @Test
    void answeringNeedsTheRespondScope() {
        String id = loop.createSession();
        var app = oauth().publicApp("https://app.example/cb", "consumer.consent.read");
        String readOnly = oauth().signInAndExchangeToken(app, "https://app.example/cb", "consumer.consent.read");
        ApiResponse response = api().post("/api/public/v1/me/consents/" + id + "/approve").bearer(readOnly).send();
        assertThat(response.status()).isEqualTo(403);
        assertThat(loop.session(id).json().path("status").asString()).isEqualTo("pending");
    }

    @Test
    void aChangeWhoseEventCannotBeWrittenLeavesNothingBehind() {
        String id = loop.createSession();
        Consumer consumer = loop.consumer();
        loop.consumerCall(consumer, "GET", "/" + id);
        // Only this session's event is refused, so the rest of the suite is untouched.
        jdbc.sql("alter table outbox_events add constraint test_refuse_denials check (session_id <> cast('" + id
                + "' as uuid) or event_type <> 'session.denied')").update();
        try {
            ApiResponse denied = loop.consumerCall(consumer, "POST", "/" + id + "/deny");
            assertThat(denied.status()).isEqualTo(500);
            assertThat(denied.body()).doesNotContain("test_refuse_denials").doesNotContainIgnoringCase("constraint");
        } finally {
            jdbc.sql("alter table outbox_events drop constraint test_refuse_denials").update();
        }
        assertThat(loop.session(id).json().path("status").asString()).isEqualTo("pending");
        assertThat(stage(id)).isEqualTo("consent_pending");
        assertThat(history(consumer)).isEmpty();
        assertThat(events(id)).isEmpty();
        assertThat(loop.consumerCall(consumer, "POST", "/" + id + "/deny").json().path("status").asString()).isEqualTo("denied");
    }

    private static List<String> fieldNames(JsonNode node) {
        return node.propertyNames().stream().toList();
    }

    private List<String> events(String id) {
        return jdbc.sql("select event_type from outbox_events where session_id = :id order by occurred_at, event_type desc")
                .param("id", UUID.fromString(id)).query(String.class).list();
    }

    private JsonNode payload(String id, String event) {
        String json = jdbc.sql("select payload from outbox_events where session_id = :id and event_type = :event")
                .param("id", UUID.fromString(id)).param("event", event).query(String.class).single();
        return tools.jackson.databind.json.JsonMapper.builder().build().readTree(json);
    }

    private String stage(String id) {
        return jdbc.sql("select stage from opportunities where session_id = :id").param("id", UUID.fromString(id))
                .query(String.class).single();
    }

    private List<String> history(Consumer consumer) {
        return jdbc.sql("select event_type from history_events where consumer_id = :c and event_type <> 'signed_in' order by occurred_at desc, id desc")
                .param("c", consumer.account().id()).query(String.class).list();
    }

    private List<String> notifications(Consumer consumer) {
        return jdbc.sql("select notification_type from notifications where consumer_id = :c")
                .param("c", consumer.account().id()).query(String.class).list();
    }
}
