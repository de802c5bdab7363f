package io.assent.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;

import org.junit.jupiter.api.Test;

import io.assent.partners.ClientCredentials;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import io.assent.support.ApiClient.ApiResponse;
import tools.jackson.databind.JsonNode;

/** {@code /webhook-endpoints}: fields, secrets, validation, tenancy and the status moves (D13, D16). */
class WebhookEndpointsApiTest extends WebhookTestBase {

    @Test
    void creationAnswersTheSecretOnceAndReadsLeaveItOut() {
        JsonNode created = createEndpoint("http://127.0.0.1:9/hooks", "[\"session.granted\",\"grant.revoked\"]");
        assertThat(created.path("secret").asString()).startsWith("whsec_").hasSizeGreaterThan(40);
        assertThat(created.path("status").asString()).isEqualTo("active");
        assertThat(created.path("description").isNull()).isTrue();
        String id = created.path("id").asString();

        ApiResponse read = api().get(ENDPOINTS + "/" + id).bearer(loop.token).send();
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json().has("secret")).isFalse();
        assertThat(read.json().path("subscribed_events").toString()).isEqualTo("[\"session.granted\",\"grant.revoked\"]");

        JsonNode list = api().get(ENDPOINTS + "?limit=1").bearer(loop.token).send().json();
        assertThat(list.path("data").get(0).path("id").asString()).isEqualTo(id);
        assertThat(list.path("has_more").asBoolean()).isFalse();
        assertThat(list.path("data").get(0).has("secret")).isFalse();
    }

    @Test
    void subscribedEventsMustBeKnownNamesOrTheWildcardAlone() {
        for (String events : new String[] {"[]", "[\"session.created\"]", "[\"*\",\"session.granted\"]"}) {
            ApiResponse refused = api().post(ENDPOINTS).bearer(loop.token)
                    .json("{\"url\":\"https://partner.example/hooks\",\"subscribed_events\":" + events + "}").send();
            assertThat(refused.status()).as(events).isEqualTo(400);
            assertThat(refused.errorCode()).isEqualTo("invalid_request");
        }
        assertThat(createEndpoint("https://partner.example/hooks", "[\"*\"]").path("subscribed_events").toString()).isEqualTo("[\"*\"]");
    }

    @Test
    void productionRequiresHttpsAndAPublicAddress() {
        ClientCredentials production = fixtures.partnerClient(loop.partner, Environment.PRODUCTION, Set.copyOf(Scopes.PARTNER));
        String token = tokenFor(production);
        for (String url : new String[] {"http://partner.example/hooks", "https://127.0.0.1/hooks", "https://10.1.2.3/hooks",
                "https://169.254.169.254/latest", "https://[::1]/hooks", "https://localhost/hooks", "ftp://partner.example/x"}) {
            ApiResponse refused = api().post(ENDPOINTS).bearer(token)
                    .json("{\"url\":\"" + url + "\",\"subscribed_events\":[\"*\"]}").send();
            assertThat(refused.status()).as(url).isEqualTo(400);
        }
        ApiResponse allowed = api().post(ENDPOINTS).bearer(token)
                .json("{\"url\":\"https://93.184.215.14/hooks\",\"subscribed_events\":[\"*\"]}").send();
        assertThat(allowed.status()).isEqualTo(201);
        // sandbox allows loopback and plain http
        assertThat(createEndpoint("http://localhost:9/hooks", "[\"*\"]").path("url").asString()).isEqualTo("http://localhost:9/hooks");
        api().delete(ENDPOINTS + "/" + allowed.json().path("id").asString()).bearer(token).send();
    }

    @Test
    void anotherTenantsEndpointIsNotFound() {
        String id = createEndpoint("https://partner.example/hooks", "[\"*\"]").path("id").asString();
        ClientCredentials production = fixtures.partnerClient(loop.partner, Environment.PRODUCTION, Set.copyOf(Scopes.PARTNER));
        String otherEnvironment = tokenFor(production);
        assertThat(api().get(ENDPOINTS + "/" + id).bearer(otherEnvironment).send().status()).isEqualTo(404);
        assertThat(api().patch(ENDPOINTS + "/" + id).bearer(otherEnvironment).json("{\"status\":\"paused\"}").send().status())
                .isEqualTo(404);
        assertThat(api().delete(ENDPOINTS + "/" + id).bearer(otherEnvironment).send().status()).isEqualTo(404);
        assertThat(api().get(ENDPOINTS + "/not-an-id").bearer(loop.token).send().status()).isEqualTo(404);
        assertThat(api().get(ENDPOINTS).bearer(otherEnvironment).send().json().path("data").size()).isZero();
    }

    @Test
    void patchPausesResumesEditsAndRollsTheSecret() {
        JsonNode created = createEndpoint("https://partner.example/hooks", "[\"*\"]");
        String id = created.path("id").asString();
        ApiResponse paused = patch(id, "{\"status\":\"paused\",\"description\":\"CRM\"}");
        assertThat(paused.status()).isEqualTo(200);
        assertThat(paused.json().path("status").asString()).isEqualTo("paused");
        assertThat(paused.json().path("description").asString()).isEqualTo("CRM");
        assertThat(paused.json().has("secret")).isFalse();

        ApiResponse resumed = patch(id, "{\"status\":\"active\",\"subscribed_events\":[\"session.denied\"]}");
        assertThat(resumed.json().path("status").asString()).isEqualTo("active");
        assertThat(resumed.json().path("subscribed_events").toString()).isEqualTo("[\"session.denied\"]");
        assertThat(resumed.json().path("description").asString()).isEqualTo("CRM");

        ApiResponse rolled = patch(id, "{\"roll_secret\":true}");
        assertThat(rolled.json().path("secret").asString()).startsWith("whsec_").isNotEqualTo(created.path("secret").asString());

        assertThat(patch(id, "{\"status\":\"disabled\"}").status()).isEqualTo(400);
        assertThat(patch(id, "{\"status\":\"sleeping\"}").status()).isEqualTo(400);
        assertThat(patch(id, "{\"colour\":\"red\"}").status()).isEqualTo(400);
    }

    @Test
    void deleteDisablesForGood() {
        String id = createEndpoint("https://partner.example/hooks", "[\"*\"]").path("id").asString();
        ApiResponse disabled = api().delete(ENDPOINTS + "/" + id).bearer(loop.token).send();
        assertThat(disabled.status()).isEqualTo(200);
        assertThat(disabled.json().path("status").asString()).isEqualTo("disabled");
        assertThat(api().get(ENDPOINTS + "/" + id).bearer(loop.token).send().json().path("status").asString()).isEqualTo("disabled");
        ApiResponse patched = patch(id, "{\"status\":\"active\"}");
        assertThat(patched.status()).isEqualTo(409);
        assertThat(patched.errorCode()).isEqualTo("invalid_state_transition");
        assertThat(api().delete(ENDPOINTS + "/" + id).bearer(loop.token).send().status()).isEqualTo(200);
    }

    @Test
    void statusMovesAreTheTableOfD13() {
        assertThat(EndpointStatus.ACTIVE.canMoveTo(EndpointStatus.PAUSED)).isTrue();
        assertThat(EndpointStatus.PAUSED.canMoveTo(EndpointStatus.ACTIVE)).isTrue();
        assertThat(EndpointStatus.PAUSED.canMoveTo(EndpointStatus.DISABLED)).isTrue();
        for (EndpointStatus next : EndpointStatus.values()) {
            assertThat(EndpointStatus.DISABLED.canMoveTo(next)).isFalse();
        }
    }
}
