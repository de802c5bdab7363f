package io.assent.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import com.nimbusds.oauth2.sdk.AccessTokenResponse;
import com.nimbusds.oauth2.sdk.TokenIntrospectionRequest;
import com.nimbusds.oauth2.sdk.TokenIntrospectionResponse;
import com.nimbusds.oauth2.sdk.TokenRevocationRequest;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.token.BearerAccessToken;

import io.assent.partners.ClientCredentials;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.OAuthFlows;

/** RFC 7009 revocation and RFC 7662 introspection, with the caller limits of D4. */
class RevocationAndIntrospectionTest extends ApiTest {

    @org.springframework.beans.factory.annotation.Autowired
    private org.springframework.jdbc.core.simple.JdbcClient jdbc;

    private static final String REDIRECT = "https://app.example/callback";

    @Test
    void aRevokedAccessTokenIsRefusedByTheApiAndInactiveAtIntrospection() throws Exception {
        ClientCredentials client = fixtures.partnerClient();
        BearerAccessToken token = oauth().clientCredentials(client, "sessions.read").getTokens().getBearerAccessToken();
        assertThat(introspect(client, token.getValue()).indicatesSuccess()).isTrue();
        assertThat(introspect(client, token.getValue()).toSuccessResponse().isActive()).isTrue();

        HTTPResponse revoked = new TokenRevocationRequest(uri("/oauth/revoke"), basic(client), token).toHTTPRequest().send();
        assertThat(revoked.getStatusCode()).isEqualTo(200);
        assertThat(api().get("/api/public/v1/me").bearer(token.getValue()).send().status()).isEqualTo(401);
        assertThat(introspect(client, token.getValue()).toSuccessResponse().isActive()).isFalse();
    }

    @Test
    void aRevocationRecordedByAnotherNodeIsRefusedHereWithinASecond() throws Exception {
        String token = oauth().clientCredentials(fixtures.partnerClient(), "sessions.read").getTokens().getAccessToken().getValue();
        assertThat(api().get("/api/public/v1/me").bearer(token).send().status()).isEqualTo(200);
        var claims = com.nimbusds.jwt.SignedJWT.parse(token).getJWTClaimsSet();
        // Another node writes only the shared table; this node learns of it by polling.
        jdbc.sql("insert into token_revocations (id, token_key, expires_at, recorded_at) values (:id, :key, :exp, :now)")
                .param("id", java.util.UUID.randomUUID()).param("key", "jti:" + claims.getJWTID())
                .param("exp", io.assent.platform.time.SqlTime.of(claims.getExpirationTime().toInstant()))
                .param("now", io.assent.platform.time.SqlTime.of(clock.instant()))
                .update();
        long deadline = System.nanoTime() + 1_000_000_000L;
        int status = 200;
        while (status == 200 && System.nanoTime() < deadline) {
            Thread.sleep(50);
            status = api().get("/api/public/v1/me").bearer(token).send().status();
        }
        assertThat(status).isEqualTo(401);
    }

    @Test
    void introspectionDescribesTheCallersOwnLiveToken() throws Exception {
        ClientCredentials client = fixtures.partnerClient();
        String token = oauth().clientCredentials(client, "sessions.read sessions.create").getTokens().getAccessToken().getValue();
        ApiResponse response = api().post("/api/public/v1/oauth/introspect")
                .basic(client.clientId(), client.clientSecret().orElseThrow()).form("token=" + token).send();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().path("active").asBoolean()).isTrue();
        assertThat(response.json().path("client_id").asString()).isEqualTo(client.clientId());
        assertThat(response.json().path("sub").asString()).isEqualTo(client.clientId());
        assertThat(response.json().path("scope").asString()).contains("sessions.read").contains("sessions.create");
        assertThat(response.json().path("exp").asLong()).isGreaterThan(System.currentTimeMillis() / 1000);
    }

    @Test
    void aBearerTokenOfTheClientMayIntrospectToo() throws Exception {
        ClientCredentials client = fixtures.partnerClient();
        String token = oauth().clientCredentials(client, "sessions.read").getTokens().getAccessToken().getValue();
        ApiResponse response = api().post("/api/public/v1/oauth/introspect").bearer(token).form("token=" + token).send();
        assertThat(response.json().path("active").asBoolean()).isTrue();
    }

    @Test
    void anotherClientsTokenIsInactiveAndCannotBeRevoked() throws Exception {
        ClientCredentials owner = fixtures.partnerClient();
        ClientCredentials stranger = fixtures.partnerClient();
        String token = oauth().clientCredentials(owner, "sessions.read").getTokens().getAccessToken().getValue();
        ApiResponse seen = api().post("/api/public/v1/oauth/introspect")
                .basic(stranger.clientId(), stranger.clientSecret().orElseThrow()).form("token=" + token).send();
        assertThat(seen.body()).isEqualTo("{\"active\":false}");
        ApiResponse revoke = api().post("/api/public/v1/oauth/revoke")
                .basic(stranger.clientId(), stranger.clientSecret().orElseThrow()).form("token=" + token).send();
        assertThat(revoke.status()).isEqualTo(200);
        assertThat(api().get("/api/public/v1/me").bearer(token).send().status()).isEqualTo(200);
    }

    @Test
    void unknownTokensAre200AtRevocationAndInactiveAtIntrospection() {
        ClientCredentials client = fixtures.partnerClient();
        ApiResponse revoke = api().post("/api/public/v1/oauth/revoke")
                .basic(client.clientId(), client.clientSecret().orElseThrow()).form("token=nothing-like-a-token").send();
        assertThat(revoke.status()).isEqualTo(200);
        ApiResponse introspect = api().post("/api/public/v1/oauth/introspect")
                .basic(client.clientId(), client.clientSecret().orElseThrow()).form("token=nothing-like-a-token").send();
        assertThat(introspect.json().path("active").asBoolean()).isFalse();
    }

    @Test
    void revokingARefreshTokenRevokesItsChain() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        AccessTokenResponse tokens = oauth().signInAndExchange(app, REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        ApiResponse revoke = api().post("/api/public/v1/oauth/revoke").form("client_id=" + app.clientId()
                + "&token_type_hint=refresh_token&token=" + tokens.getTokens().getRefreshToken().getValue()).send();
        assertThat(revoke.status()).isEqualTo(200);
        assertThat(api().get("/api/public/v1/me").bearer(tokens.getTokens().getAccessToken().getValue()).send().status())
                .isEqualTo(401);
        ApiResponse refresh = api().post("/api/public/v1/oauth/token").form("grant_type=refresh_token&client_id="
                + app.clientId() + "&refresh_token=" + tokens.getTokens().getRefreshToken().getValue()).send();
        assertThat(refresh.errorCode()).isEqualTo("invalid_grant");
    }

    @Test
    void revocationAndIntrospectionNeedACaller() {
        assertThat(api().post("/api/public/v1/oauth/revoke").form("token=x").send().status()).isEqualTo(401);
        assertThat(api().post("/api/public/v1/oauth/introspect").form("token=x").send().status()).isEqualTo(401);
        ApiResponse publicCaller = api().post("/api/public/v1/oauth/introspect")
                .form("token=x&client_id=" + oauth().publicApp(REDIRECT, "consumer.profile.read").clientId()).send();
        assertThat(publicCaller.status()).isEqualTo(401);
    }

    @Test
    void aMissingTokenParameterIs400() {
        ClientCredentials client = fixtures.partnerClient();
        ApiResponse response = api().post("/api/public/v1/oauth/revoke")
                .basic(client.clientId(), client.clientSecret().orElseThrow()).form("token_type_hint=access_token").send();
        assertThat(response.status()).isEqualTo(400);
    }

    private TokenIntrospectionResponse introspect(ClientCredentials client, String token) throws Exception {
        return TokenIntrospectionResponse.parse(new TokenIntrospectionRequest(uri("/oauth/introspect"), basic(client),
                new BearerAccessToken(token)).toHTTPRequest().send());
    }

    private ClientSecretBasic basic(ClientCredentials client) {
        return new ClientSecretBasic(new ClientID(client.clientId()), new Secret(client.clientSecret().orElseThrow()));
    }

    private java.net.URI uri(String path) {
        return java.net.URI.create(root() + "/api/public/v1" + path);
    }
}
