package io.assent.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;

/** Discovery (RFC 8414, D4): the documents, and that every URL in them answers. */
class MetadataTest extends ApiTest {

    @Test
    void theMetadataAdvertisesExactlyWhatWorks() {
        JsonNode metadata = api().get("/api/public/v1/oauth/metadata").send().json();
        String base = root() + "/api/public/v1";
        assertThat(metadata.path("issuer").asString()).isEqualTo(base);
        assertThat(metadata.path("authorization_endpoint").asString()).isEqualTo(root() + "/oauth/authorize");
        assertThat(metadata.path("token_endpoint").asString()).isEqualTo(base + "/oauth/token");
        assertThat(metadata.path("jwks_uri").asString()).isEqualTo(base + "/oauth/jwks");
        assertThat(strings(metadata, "code_challenge_methods_supported")).containsExactly("S256");
        assertThat(strings(metadata, "grant_types_supported"))
                .containsExactlyInAnyOrder("authorization_code", "client_credentials", "refresh_token");
        assertThat(strings(metadata, "token_endpoint_auth_methods_supported"))
                .containsExactlyInAnyOrder("client_secret_basic", "client_secret_post", "none");
        assertThat(metadata.path("authorization_response_iss_parameter_supported").asBoolean()).isTrue();
    }

    @Test
    void theWellKnownCopiesAgree() {
        JsonNode metadata = api().get("/api/public/v1/oauth/metadata").send().json();
        ApiResponse rfc8414 = api().get("/.well-known/oauth-authorization-server/api/public/v1").unvalidated().send();
        assertThat(rfc8414.status()).isEqualTo(200);
        assertThat(rfc8414.json()).isEqualTo(metadata);
        JsonNode openid = api().get("/api/public/v1/.well-known/openid-configuration").send().json();
        assertThat(openid.path("issuer").asString()).isEqualTo(metadata.path("issuer").asString());
        assertThat(strings(openid, "id_token_signing_alg_values_supported")).containsExactly("ES256");
    }

    @Test
    void everyUrlInTheMetadataWorks() {
        JsonNode metadata = api().get("/api/public/v1/oauth/metadata").send().json();
        assertThat(get(metadata, "jwks_uri").status()).isEqualTo(200);
        assertThat(get(metadata, "authorization_endpoint").status()).as("the consent screen answers").isEqualTo(400);
        for (String endpoint : List.of("token_endpoint", "revocation_endpoint", "introspection_endpoint")) {
            String path = metadata.path(endpoint).asString().substring(root().length());
            ApiResponse response = api().post(path).form("token=x&grant_type=client_credentials").send();
            assertThat(response.status()).as(endpoint).isEqualTo(401);
        }
    }

    private ApiResponse get(JsonNode metadata, String field) {
        return api().get(metadata.path(field).asString().substring(root().length())).unvalidated().send();
    }

    private static List<String> strings(JsonNode node, String field) {
        return node.path(field).valueStream().map(JsonNode::asString).toList();
    }
}
