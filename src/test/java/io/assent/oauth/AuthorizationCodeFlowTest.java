package io.assent.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import com.nimbusds.oauth2.sdk.AccessTokenResponse;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;

import io.assent.identity.UserAccount;
import io.assent.partners.ClientCredentials;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.OAuthFlows;
import io.assent.support.OAuthFlows.Authorization;

/** The authorization code flow with PKCE: POST /oauth/authorize with an IdP token, then the exchange. */
class AuthorizationCodeFlowTest extends ApiTest {

    private static final String REDIRECT = "https://app.example/callback";

    @Test
    void approveGivesACodeThatBuysTokensAndAnIdToken() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        UserAccount consumer = oauth().consumer();
        Authorization authorization = oauth().authorize(oauth().idpToken(consumer), app, REDIRECT,
                OAuthFlows.CONSUMER_SCOPES, "approve", "state-123");
        assertThat(authorization.response().status()).isEqualTo(200);
        String redirectTo = authorization.response().json().path("redirect_to").asString();
        assertThat(redirectTo).startsWith(REDIRECT + "?");
        Map<String, String> parameters = authorization.redirectParameters();
        assertThat(parameters).containsEntry("state", "state-123").containsEntry("iss", root() + "/api/public/v1")
                .containsKey("code");

        HTTPResponse exchanged = oauth().exchange(app, authorization.code(), REDIRECT, authorization.verifier());
        assertThat(exchanged.getStatusCode()).isEqualTo(200);
        OIDCTokenResponse tokens = (OIDCTokenResponse) OIDCTokenResponseParser.parse(exchanged);
        assertThat(tokens.getOIDCTokens().getRefreshToken()).isNotNull();
        assertThat(tokens.getOIDCTokens().getAccessToken().getScope().toStringList())
                .containsExactlyInAnyOrder("openid", "consumer.profile.read", "consumer.history.read");

        JWTClaimsSet idToken = verifiedWithPublishedKeys(tokens.getOIDCTokens().getIDTokenString());
        assertThat(idToken.getSubject()).isEqualTo(consumer.id().toString());
        assertThat(idToken.getAudience()).containsExactly(app.clientId());
        assertThat(idToken.getIssuer()).isEqualTo(root() + "/api/public/v1");

        ApiResponse me = api().get("/api/public/v1/me").bearer(tokens.getOIDCTokens().getAccessToken().getValue()).send();
        assertThat(me.status()).isEqualTo(200);
        assertThat(me.json().path("sub").asString()).isEqualTo(consumer.id().toString());
        assertThat(me.json().path("account_type").asString()).isEqualTo("consumer");
        assertThat(me.json().path("client_id").asString()).isEqualTo(app.clientId());
    }

    @Test
    void withoutOpenidThereIsNoIdToken() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, "consumer.profile.read");
        AccessTokenResponse tokens = oauth().signInAndExchange(app, REDIRECT, "consumer.profile.read");
        assertThat(tokens.getCustomParameters()).doesNotContainKey("id_token");
        assertThat(tokens.getTokens().getRefreshToken()).isNotNull();
    }

    @Test
    void denyRedirectsWithAccessDeniedAndTheState() {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        Authorization denied = oauth().authorize(oauth().idpToken(oauth().consumer()), app, REDIRECT,
                "consumer.profile.read", "deny", "s1");
        assertThat(denied.response().status()).isEqualTo(200);
        assertThat(denied.redirectParameters()).containsEntry("error", "access_denied").containsEntry("state", "s1")
                .doesNotContainKey("code");
    }

    @Test
    void aWrongVerifierIsInvalidGrant() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        Authorization authorization = approve(app);
        HTTPResponse response = oauth().exchange(app, authorization.code(), REDIRECT, new CodeVerifier());
        assertThat(response.getStatusCode()).isEqualTo(400);
        assertThat(response.getBody()).contains("\"invalid_grant\"");
    }

    @Test
    void anExpiredCodeIsInvalidGrant() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        Authorization authorization = approve(app);
        clock.advance(Duration.ofSeconds(61));
        HTTPResponse response = oauth().exchange(app, authorization.code(), REDIRECT, authorization.verifier());
        assertThat(response.getStatusCode()).isEqualTo(400);
        assertThat(response.getBody()).contains("\"invalid_grant\"");
    }

    @Test
    void aWrongRedirectUriAtTheExchangeIsInvalidGrant() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        Authorization authorization = approve(app);
        HTTPResponse response = oauth().exchange(app, authorization.code(), "https://app.example/other", authorization.verifier());
        assertThat(response.getBody()).contains("\"invalid_grant\"");
    }

    @Test
    void anotherClientCannotRedeemTheCode() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        ClientCredentials thief = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        Authorization authorization = approve(app);
        HTTPResponse response = oauth().exchange(thief, authorization.code(), REDIRECT, authorization.verifier());
        assertThat(response.getBody()).contains("\"invalid_grant\"");
        assertThat(oauth().exchange(app, authorization.code(), REDIRECT, authorization.verifier()).getStatusCode()).isEqualTo(200);
    }

    @Test
    void aReusedCodeIsRefusedAndRevokesWhatItIssued() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        Authorization authorization = approve(app);
        AccessTokenResponse first = AccessTokenResponse.parse(
                oauth().exchange(app, authorization.code(), REDIRECT, authorization.verifier()));
        String accessToken = first.getTokens().getAccessToken().getValue();
        assertThat(api().get("/api/public/v1/me").bearer(accessToken).send().status()).isEqualTo(200);

        HTTPResponse replay = oauth().exchange(app, authorization.code(), REDIRECT, authorization.verifier());
        assertThat(replay.getStatusCode()).isEqualTo(400);
        assertThat(replay.getBody()).contains("\"invalid_grant\"");
        assertThat(api().get("/api/public/v1/me").bearer(accessToken).send().status()).isEqualTo(401);
        ApiResponse refresh = api().post("/api/public/v1/oauth/token").form("grant_type=refresh_token&client_id=" + app.clientId()
                + "&refresh_token=" + first.getTokens().getRefreshToken().getValue()).send();
        assertThat(refresh.errorCode()).isEqualTo("invalid_grant");
    }

    @Test
    void anUnknownClientOrRedirectUriIsAnswered400Directly() {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        String idp = oauth().idpToken(oauth().consumer());
        ClientCredentials unknown = new ClientCredentials("01a20577-6b08-7e36-99d7-a2733dd57000", java.util.Optional.empty());
        Authorization noClient = oauth().authorize(idp, unknown, REDIRECT, "consumer.profile.read", "approve", "s");
        assertThat(noClient.response().status()).isEqualTo(400);
        Authorization badRedirect = oauth().authorize(idp, app, "https://evil.example/cb", "consumer.profile.read", "approve", "s");
        assertThat(badRedirect.response().status()).isEqualTo(400);
        assertThat(badRedirect.response().body()).doesNotContain("redirect_to");
    }

    @Test
    void anUngrantableScopeGoesBackToTheClientAsInvalidScope() {
        ClientCredentials app = oauth().publicApp(REDIRECT, "consumer.profile.read");
        String idp = oauth().idpToken(oauth().consumer());
        for (String scope : new String[] {"consumer.documents.read", "sessions.create", "nonsense"}) {
            Authorization refused = oauth().authorize(idp, app, REDIRECT, scope, "approve", "s9");
            assertThat(refused.response().status()).isEqualTo(200);
            assertThat(refused.redirectParameters()).containsEntry("error", "invalid_scope").containsEntry("state", "s9");
        }
    }

    @Test
    void pkceIsRequiredWithS256() {
        ClientCredentials app = oauth().publicApp(REDIRECT, "consumer.profile.read");
        String idp = oauth().idpToken(oauth().consumer());
        String base = "{\"decision\":\"approve\",\"response_type\":\"code\",\"client_id\":\"" + app.clientId()
                + "\",\"redirect_uri\":\"" + REDIRECT + "\",\"scope\":\"consumer.profile.read\",\"state\":\"s\",";
        ApiResponse plain = api().post("/api/public/v1/oauth/authorize").bearer(idp)
                .json(base + "\"code_challenge\":\"" + "a".repeat(43) + "\",\"code_challenge_method\":\"plain\"}").unvalidated().send();
        assertThat(plain.status()).isEqualTo(200);
        assertThat(plain.json().path("redirect_to").asString()).contains("error=invalid_request");
        ApiResponse shortChallenge = api().post("/api/public/v1/oauth/authorize").bearer(idp)
                .json(base + "\"code_challenge\":\"short\",\"code_challenge_method\":\"S256\"}").unvalidated().send();
        assertThat(shortChallenge.json().path("redirect_to").asString()).contains("error=invalid_request");
        ApiResponse missing = api().post("/api/public/v1/oauth/authorize").bearer(idp)
                .json(base + "\"code_challenge_method\":\"S256\"}").send();
        assertThat(missing.status()).isEqualTo(400);
    }

    @Test
    void onlyAnIdpTokenMayAuthorize() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        Authorization none = oauth().authorize("", app, REDIRECT, "consumer.profile.read", "approve", "s");
        assertThat(none.response().status()).isEqualTo(401);
        String apiToken = oauth().clientCredentials(fixtures.partnerClient(), "sessions.read").getTokens().getAccessToken().getValue();
        Authorization withApiToken = oauth().authorize(apiToken, app, REDIRECT, "consumer.profile.read", "approve", "s");
        assertThat(withApiToken.response().status()).isEqualTo(401);
        assertThat(withApiToken.response().errorCode()).isEqualTo("invalid_token");
    }

    @Test
    void anIdpTokenDoesNotOpenTheApi() {
        String idp = oauth().idpToken(oauth().consumer());
        assertThat(api().get("/api/public/v1/me").bearer(idp).send().status()).isEqualTo(401);
    }

    private Authorization approve(ClientCredentials app) {
        Authorization authorization = oauth().authorize(oauth().idpToken(oauth().consumer()), app, REDIRECT,
                OAuthFlows.CONSUMER_SCOPES, "approve", "s");
        assertThat(authorization.response().status()).isEqualTo(200);
        return authorization;
    }

    private JWTClaimsSet verifiedWithPublishedKeys(String jwt) throws Exception {
        DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
        processor.setJWSTypeVerifier((type, context) -> { });
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(JWSAlgorithm.ES256,
                JWKSourceBuilder.create(new URL(root() + "/api/public/v1/oauth/jwks")).build()));
        return processor.process(SignedJWT.parse(jwt), null);
    }
}
