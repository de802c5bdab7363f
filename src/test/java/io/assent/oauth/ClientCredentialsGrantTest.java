package io.assent.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Set;

import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.oauth2.sdk.AccessTokenResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import io.assent.partners.ClientCredentials;
import io.assent.partners.ClientService;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;

/** {@code grant_type=client_credentials} and the token endpoint's errors (D4). */
class ClientCredentialsGrantTest extends ApiTest {

    @Autowired
    private ClientService clients;

    private static final String TOKEN = "/api/public/v1/oauth/token";

    @Test
    void aPartnerClientGetsAnAccessTokenWithTheScopesItAsksFor() throws Exception {
        ClientCredentials client = fixtures.partnerClient();
        AccessTokenResponse response = oauth().clientCredentials(client, "sessions.read sessions.create");
        assertThat(response.getTokens().getBearerAccessToken().getScope().toStringList())
                .containsExactlyInAnyOrder("sessions.read", "sessions.create");
        assertThat(response.getTokens().getRefreshToken()).isNull();
        SignedJWT jwt = SignedJWT.parse(response.getTokens().getAccessToken().getValue());
        assertThat(jwt.getHeader().getAlgorithm().getName()).isEqualTo("ES256");
        assertThat(jwt.getHeader().getType().getType()).isEqualTo("at+jwt");
        assertThat(jwt.getHeader().getKeyID()).isNotBlank();
        var claims = jwt.getJWTClaimsSet();
        assertThat(claims.getIssuer()).isEqualTo(root() + "/api/public/v1");
        assertThat(claims.getSubject()).isEqualTo(client.clientId());
        assertThat(claims.getAudience()).containsExactly(root() + "/api/public/v1");
        assertThat(claims.getStringClaim("client_id")).isEqualTo(client.clientId());
        assertThat(claims.getJWTID()).isNotBlank();
        assertThat(claims.getExpirationTime().getTime() - claims.getIssueTime().getTime()).isEqualTo(900_000L);
    }

    @Test
    void withoutAScopeTheClientGetsAllItsPartnerScopes() {
        ClientCredentials client = fixtures.partnerClient();
        ApiResponse response = api().post(TOKEN).basic(client.clientId(), client.clientSecret().orElseThrow())
                .form("grant_type=client_credentials").send();
        assertThat(response.status()).isEqualTo(200);
        assertThat(Scopes.parse(response.json().path("scope").asString())).containsExactlyInAnyOrderElementsOf(Scopes.PARTNER);
        assertThat(response.json().path("token_type").asString()).isEqualTo("Bearer");
        assertThat(response.json().path("expires_in").asInt()).isEqualTo(900);
        assertThat(response.header("Cache-Control")).contains("no-store");
    }

    @Test
    void clientSecretPostAndJsonBodiesWorkToo() {
        ClientCredentials client = fixtures.partnerClient();
        ApiResponse post = api().post(TOKEN).form("grant_type=client_credentials&scope=sessions.read&client_id="
                + client.clientId() + "&client_secret=" + client.clientSecret().orElseThrow()).send();
        assertThat(post.status()).isEqualTo(200);
        ApiResponse json = api().post(TOKEN).json("{\"grant_type\":\"client_credentials\",\"scope\":\"sessions.read\",\"client_id\":\""
                + client.clientId() + "\",\"client_secret\":\"" + client.clientSecret().orElseThrow() + "\"}").send();
        assertThat(json.status()).isEqualTo(200);
        assertThat(json.json().path("scope").asString()).isEqualTo("sessions.read");
    }

    @Test
    void aScopeTheClientDoesNotHoldIsInvalidScope() {
        ClientCredentials client = fixtures.partnerClient(fixtures.partner(), Environment.SANDBOX, Set.of("sessions.read"));
        assertThat(token(client, "grant_type=client_credentials&scope=sessions.create").errorCode()).isEqualTo("invalid_scope");
        assertThat(token(client, "grant_type=client_credentials&scope=consumer.profile.read").errorCode()).isEqualTo("invalid_scope");
        assertThat(token(client, "grant_type=client_credentials&scope=made.up").status()).isEqualTo(400);
    }

    @Test
    void aWrongSecretIsInvalidClientWithAChallenge() {
        ClientCredentials client = fixtures.partnerClient();
        ApiResponse response = api().post(TOKEN).basic(client.clientId(), "assent_cs_nope").form("grant_type=client_credentials").send();
        assertThat(response.status()).isEqualTo(401);
        assertThat(response.errorCode()).isEqualTo("invalid_client");
        assertThat(response.header("WWW-Authenticate")).startsWith("Basic");
    }

    @Test
    void noClientAuthenticationIsInvalidClient() {
        ApiResponse response = api().post(TOKEN).form("grant_type=client_credentials").send();
        assertThat(response.status()).isEqualTo(401);
        assertThat(response.errorCode()).isEqualTo("invalid_client");
    }

    @Test
    void anUnknownGrantIsUnsupportedGrantType() {
        ClientCredentials client = fixtures.partnerClient();
        ApiResponse response = token(client, "grant_type=password&username=a&password=b");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode()).isEqualTo("unsupported_grant_type");
    }

    @Test
    void aMissingGrantTypeIsInvalidRequest() {
        ClientCredentials client = fixtures.partnerClient();
        assertThat(token(client, "scope=sessions.read").errorCode()).isEqualTo("invalid_request");
    }

    @Test
    void parametersInTheUrlAreRefused() {
        ClientCredentials client = fixtures.partnerClient();
        ApiResponse response = api().post(TOKEN + "?client_secret=" + client.clientSecret().orElseThrow())
                .basic(client.clientId(), client.clientSecret().orElseThrow()).form("grant_type=client_credentials").send();
        assertThat(response.status()).isEqualTo(400);
    }

    @Test
    void otherContentTypesAre415AndBadJsonIs400() {
        ClientCredentials client = fixtures.partnerClient();
        ApiResponse xml = api().post(TOKEN).basic(client.clientId(), client.clientSecret().orElseThrow())
                .body("application/xml", "<grant/>".getBytes()).send();
        assertThat(xml.status()).isEqualTo(415);
        ApiResponse broken = api().post(TOKEN).basic(client.clientId(), client.clientSecret().orElseThrow()).json("{\"grant_type\":").send();
        assertThat(broken.errorCode()).isEqualTo("invalid_json");
        ApiResponse unknown = api().post(TOKEN).basic(client.clientId(), client.clientSecret().orElseThrow())
                .json("{\"grant_type\":\"client_credentials\",\"colour\":\"red\"}").send();
        assertThat(unknown.errorCode()).isEqualTo("invalid_request");
        assertThat(unknown.json().path("error").path("message").asString()).contains("colour");
    }

    @Test
    void aPublicClientCannotUseClientCredentials() {
        var app = oauth().publicApp("https://app.example/cb", "consumer.profile.read");
        ApiResponse response = api().post(TOKEN).form("grant_type=client_credentials&client_id=" + app.clientId()).send();
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode()).isEqualTo("unauthorized_client");
    }

    @Test
    void theTokenOpensTheApiForItsClient() throws Exception {
        ClientCredentials client = fixtures.partnerClient();
        String token = oauth().clientCredentials(client, "sessions.read").getTokens().getAccessToken().getValue();
        ApiResponse me = api().get("/api/public/v1/me").bearer(token).send();
        assertThat(me.status()).isEqualTo(200);
        assertThat(me.json().path("sub").asString()).isEqualTo(client.clientId());
        assertThat(me.json().path("client_id").asString()).isEqualTo(client.clientId());
        assertThat(me.json().path("scope").asString()).isEqualTo("sessions.read");
        assertThat(me.json().path("account_type").isNull()).isTrue();
    }

    @Test
    void aDisabledClientsTokensStopWorkingWithinSeconds() throws Exception {
        ClientCredentials client = fixtures.partnerClient();
        String token = oauth().clientCredentials(client, "sessions.read").getTokens().getAccessToken().getValue();
        assertThat(api().get("/api/public/v1/me").bearer(token).send().status()).isEqualTo(200);

        clients.disable(clients.find(client.clientId()).orElseThrow().tenant().orElseThrow(), client.clientId());
        clock.advance(Duration.ofSeconds(6));
        ApiResponse refused = api().get("/api/public/v1/me").bearer(token).send();
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.header("WWW-Authenticate")).contains("invalid_token");
        assertThat(token(client, "grant_type=client_credentials").status()).isEqualTo(401);
    }

    private ApiResponse token(ClientCredentials client, String form) {
        return api().post(TOKEN).basic(client.clientId(), client.clientSecret().orElseThrow()).form(form).send();
    }
}
