package io.assent.opportunities;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.assent.partners.Partner;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.ConsentLoop;
import io.assent.support.ConsentLoop.Consumer;
import tools.jackson.databind.JsonNode;

/** The partner's reads of opportunities: list with keyset pages and filters, one with its timeline (D10, D11, D18). */
class OpportunitiesApiTest extends ApiTest {

    private static final String OPPORTUNITIES = "/api/public/v1/opportunities";

    private ConsentLoop loop;

    @BeforeEach
    void partner() {
        loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
    }

    private String opportunityOf(ApiResponse session) {
        return session.json().path("opportunity_id").asString();
    }

    private ApiResponse list(String query) {
        return api().get(OPPORTUNITIES + query).bearer(loop.token).send();
    }

    private static List<String> ids(JsonNode page) {
        return page.path("data").valueStream().map(o -> o.path("id").asString()).toList();
    }

    @Test
    void readsAnOpportunityWithItsTimelineNewestFirstAndItsVersionAsETag() {
        ApiResponse session = loop.create("\"external_reference\":\"crm-1\"");
        String id = opportunityOf(session);
        Consumer consumer = loop.consumer();
        String sessionId = session.json().path("session_id").asString();
        loop.consumerCall(consumer, "GET", "/" + sessionId);
        loop.consumerCall(consumer, "POST", "/" + sessionId + "/approve");

        ApiResponse read = api().get(OPPORTUNITIES + "/" + id).bearer(loop.token).send();
        assertThat(read.status()).isEqualTo(200);
        JsonNode body = read.json();
        assertThat(body.path("stage").asString()).isEqualTo("consent_granted");
        assertThat(body.path("external_reference").asString()).isEqualTo("crm-1");
        assertThat(body.path("session_id").asString()).isEqualTo(sessionId);
        assertThat(body.path("product_id").asString()).isEqualTo(loop.productId.toString());
        assertThat(body.path("version").asInt()).isEqualTo(3);
        assertThat(read.header("ETag")).isEqualTo("\"3\"");
        assertThat(body.path("outcome").isNull()).isTrue();
        assertThat(body.path("owner").isNull()).isTrue();
        List<String> moves = body.path("timeline").valueStream()
                .filter(e -> e.path("type").asString().equals("stage_changed"))
                .map(e -> e.path("details").path("to").asString()).toList();
        assertThat(moves).containsExactly("consent_granted", "consent_pending", "new");
        assertThat(body.path("timeline").valueStream().map(e -> e.path("type").asString()).toList())
                .startsWith("stage_changed", "session_event");
        assertThat(body.path("notes").isArray()).isTrue();
        assertThat(body.path("tasks").isArray()).isTrue();
    }

    @Test
    void pagingVisitsEveryOpportunityOnceNewestFirst() {
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(opportunityOf(loop.create("")));
        }
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = list("?limit=2" + (cursor == null ? "" : "&cursor=" + cursor)).json();
            seen.addAll(ids(page));
            cursor = page.path("has_more").asBoolean() ? page.path("next_cursor").asString() : null;
        } while (cursor != null);
        java.util.Collections.reverse(created);
        assertThat(seen).containsExactlyElementsOf(created);
    }

    @Test
    void filtersNarrowTheList() {
        String plain = opportunityOf(loop.create("\"external_reference\":\"ref-a\""));
        ApiResponse session = loop.create("\"external_reference\":\"ref-b\"");
        String denied = opportunityOf(session);
        String sessionId = session.json().path("session_id").asString();
        loop.consumerCall(loop.consumer(), "POST", "/" + sessionId + "/deny");

        assertThat(ids(list("?stage=withdrawn").json())).containsExactly(denied);
        assertThat(ids(list("?stage=withdrawn&stage=new").json())).containsExactly(denied, plain);
        assertThat(ids(list("?external_reference=ref-a").json())).containsExactly(plain);
        assertThat(ids(list("?product_id=" + loop.productId).json())).containsExactly(denied, plain);
        assertThat(ids(list("?product_id=" + java.util.UUID.randomUUID()).json())).isEmpty();
        String past = URLEncoder.encode(clock.instant().minusSeconds(60).toString(), StandardCharsets.UTF_8);
        String future = URLEncoder.encode("2999-01-01T00:00:00+00:00", StandardCharsets.UTF_8);
        assertThat(ids(list("?created_after=" + past).json())).containsExactly(denied, plain);
        assertThat(ids(list("?created_after=" + future).json())).isEmpty();
        assertThat(ids(list("?updated_after=" + future).json())).isEmpty();
    }

    @Test
    void badFilterValuesAre400() {
        for (String query : List.of("?stage=won", "?product_id=nope", "?created_after=yesterday",
                "?updated_after=2026-01-01T00:00:00", "?limit=0", "?cursor=garbage", "?q=")) {
            ApiResponse response = list(query);
            assertThat(response.status()).as(query).isEqualTo(400);
            assertThat(response.errorCode()).as(query).isEqualTo("invalid_request");
        }
    }

    @Test
    void anotherPartnerOrEnvironmentSeesNothing() {
        String id = opportunityOf(loop.create(""));
        Partner other = fixtures.partner();
        String otherToken = tokenFor(fixtures.partnerClient(other, Environment.SANDBOX, Set.copyOf(Scopes.PARTNER)));
        String production = tokenFor(fixtures.partnerClient(loop.partner, Environment.PRODUCTION, Set.copyOf(Scopes.PARTNER)));
        for (String token : List.of(otherToken, production)) {
            assertThat(api().get(OPPORTUNITIES + "/" + id).bearer(token).send().status()).isEqualTo(404);
            assertThat(ids(api().get(OPPORTUNITIES).bearer(token).send().json())).isEmpty();
        }
        assertThat(api().get(OPPORTUNITIES + "/not-an-id").bearer(loop.token).send().status()).isEqualTo(404);
    }

    @Test
    void readingNeedsTheReadScope() {
        String id = opportunityOf(loop.create(""));
        String token = tokenFor(fixtures.partnerClient(loop.partner, Environment.SANDBOX, Set.of("partner.products.read")));
        assertThat(api().get(OPPORTUNITIES + "/" + id).bearer(token).send().status()).isEqualTo(403);
        assertThat(api().get(OPPORTUNITIES).bearer(token).send().status()).isEqualTo(403);
    }
}
