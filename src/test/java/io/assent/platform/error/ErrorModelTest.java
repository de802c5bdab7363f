package io.assent.platform.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.assent.partners.ClientCredentials;
import io.assent.platform.ProbeController;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;

/** Item 5 of the foundation: the D3 error model for everything, including what the framework answers. */
class ErrorModelTest extends ApiTest {

    private ClientCredentials client;
    private String token;

    @BeforeEach
    void client() {
        client = fixtures.partnerClient();
        token = tokenFor(client);
    }

    @Test
    void healthAnswersOkAndFollowsTheContract() {
        ApiResponse response = api().get("/api/public/v1/health").send();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().path("status").asString()).isEqualTo("ok");
    }

    @Test
    void theContractIsServedWithThisDeploymentsServerUrl() {
        ApiResponse response = api().get("/api/public/v1/openapi.json").send();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().path("openapi").asString()).startsWith("3.0");
        assertThat(response.json().path("servers").get(0).path("url").asString())
                .isEqualTo("http://localhost:" + port + "/api/public/v1");
    }

    @Test
    void missingCredentialsAre401WithAChallenge() {
        ApiResponse response = api().get("/api/public/v1/anything").unvalidated().send();
        assertThat(response.status()).isEqualTo(401);
        assertThat(response.errorCode()).isEqualTo("unauthorized");
        assertThat(response.header("WWW-Authenticate")).contains("Bearer").contains("Basic");
        assertThat(response.header("Content-Type")).startsWith("application/json");
    }

    @Test
    void wrongClientSecretIs401() {
        ApiResponse response = api().get("/api/public/v1/sessions/anything").basic(client.clientId(), "assent_cs_wrong").unvalidated().send();
        assertThat(response.status()).isEqualTo(401);
        assertThat(response.header("WWW-Authenticate")).isNotNull();
    }

    @Test
    void basicCredentialsOutsideTheSessionOperationsAreNotAccepted() {
        ApiResponse response = api().get("/api/public/v1/no-such-thing").basic(client.clientId(), client.clientSecret().orElseThrow())
                .unvalidated().send();
        assertThat(response.status()).isEqualTo(401);
        ApiResponse sessions = api().get("/api/public/v1/sessions/no-such-thing")
                .basic(client.clientId(), client.clientSecret().orElseThrow()).unvalidated().send();
        assertThat(sessions.status()).isEqualTo(404);
    }

    @Test
    void forgedBearerTokenIs401InvalidToken() {
        ApiResponse response = api().get("/api/public/v1/anything").bearer("eyJhbGciOiJub25lIn0.e30.").unvalidated().send();
        assertThat(response.status()).isEqualTo(401);
        assertThat(response.errorCode()).isIn("invalid_token", "unauthorized");
    }

    @Test
    void unknownRouteIs404InJsonEvenWhenHtmlIsAsked() {
        ApiResponse response = api().get("/api/public/v1/no-such-thing").bearer(token)
                .header("Accept", "text/html").unvalidated().send();
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.errorCode()).isEqualTo("not_found");
    }

    @Test
    void wrongMethodIs405WithAllow() {
        ApiResponse response = api().delete("/api/public/v1/health").unvalidated().send();
        assertThat(response.status()).isEqualTo(405);
        assertThat(response.errorCode()).isEqualTo("method_not_allowed");
        assertThat(response.header("Allow")).contains("GET");
    }

    @Test
    void malformedJsonIs400InvalidJson() {
        ApiResponse response = probe("{\"name\": \"x\", ");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode()).isEqualTo("invalid_json");
    }

    @Test
    void emptyBodyIs400InvalidJson() {
        ApiResponse response = probe("");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode()).isEqualTo("invalid_json");
    }

    @Test
    void aJsonArrayWhereAnObjectBelongsIs400() {
        ApiResponse response = probe("[1,2]");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode()).isIn("invalid_json", "invalid_request");
    }

    @Test
    void unknownFieldIs400NamingTheField() {
        ApiResponse response = probe("{\"name\":\"x\",\"quantity\":1,\"colour\":\"red\"}");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode()).isEqualTo("invalid_request");
        assertThat(response.json().path("error").path("message").asString()).contains("colour");
    }

    @Test
    void numbersSentAsStringsAreNotCoerced() {
        ApiResponse response = probe("{\"name\":\"x\",\"quantity\":\"3\"}");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().path("error").path("message").asString()).contains("quantity");
    }

    @Test
    void fractionsForIntegersAreRefused() {
        assertThat(probe("{\"name\":\"x\",\"quantity\":1.5}").status()).isEqualTo(400);
    }

    @Test
    void numbersForStringsAreRefused() {
        assertThat(probe("{\"name\":12,\"quantity\":1}").status()).isEqualTo(400);
    }

    @Test
    void wrongContentTypeIs415() {
        ApiResponse response = api().post(ProbeController.PATH).bearer(token)
                .header("Idempotency-Key", key()).body("text/plain", "name=x".getBytes(StandardCharsets.UTF_8))
                .unvalidated().send();
        assertThat(response.status()).isEqualTo(415);
        assertThat(response.errorCode()).isEqualTo("unsupported_media_type");
    }

    @Test
    void bodyOverOneMebibyteIs413() {
        byte[] big = new byte[1024 * 1024 + 10];
        Arrays.fill(big, (byte) ' ');
        ApiResponse response = api().post(ProbeController.PATH).bearer(token)
                .header("Idempotency-Key", key()).body("application/json", big).unvalidated().send();
        assertThat(response.status()).isEqualTo(413);
        assertThat(response.errorCode()).isEqualTo("payload_too_large");
    }

    @Test
    void chunkedBodyOverOneMebibyteIs413() {
        byte[] big = new byte[1024 * 1024 + 10];
        Arrays.fill(big, (byte) ' ');
        ApiResponse response = api().post(ProbeController.PATH).bearer(token)
                .header("Idempotency-Key", key()).chunked("application/json", big).unvalidated().send();
        assertThat(response.status()).isEqualTo(413);
        assertThat(response.errorCode()).isEqualTo("payload_too_large");
    }

    @Test
    void anUnauthenticatedHugeBodyIsRefusedBeforeAnythingElse() {
        byte[] big = new byte[2 * 1024 * 1024];
        ApiResponse response = api().post("/api/public/v1/health").body("application/json", big).unvalidated().send();
        assertThat(response.status()).isEqualTo(413);
    }

    @Test
    void pagesOutsideTheApiAreNotWhiteLabelPages() {
        ApiResponse response = api().get("/no-such-page").header("Accept", "text/html").unvalidated().send();
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.body()).doesNotContain("Whitelabel").doesNotContain("Exception");
    }

    private ApiResponse probe(String json) {
        return api().post(ProbeController.PATH).bearer(token)
                .header("Idempotency-Key", key()).json(json).unvalidated().send();
    }

    private static String key() {
        return java.util.UUID.randomUUID().toString();
    }
}
