package io.assent.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import com.nimbusds.oauth2.sdk.AccessTokenResponse;
import com.nimbusds.oauth2.sdk.RefreshTokenGrant;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.token.RefreshToken;

import io.assent.partners.ClientCredentials;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.OAuthFlows;

/** Refresh tokens rotate on every use; a replay revokes the whole chain (D4). */
class RefreshTokenTest extends ApiTest {

    private static final String REDIRECT = "https://app.example/callback";

    @Test
    void eachRefreshGivesANewRefreshTokenAndAccessToken() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        AccessTokenResponse first = oauth().signInAndExchange(app, REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        HTTPResponse response = refresh(app, first.getTokens().getRefreshToken());
        assertThat(response.getStatusCode()).isEqualTo(200);
        AccessTokenResponse second = AccessTokenResponse.parse(response);
        assertThat(second.getTokens().getRefreshToken()).isNotEqualTo(first.getTokens().getRefreshToken());
        assertThat(second.getTokens().getAccessToken()).isNotEqualTo(first.getTokens().getAccessToken());
        assertThat(me(second)).isEqualTo(200);
        assertThat(refresh(app, second.getTokens().getRefreshToken()).getStatusCode()).isEqualTo(200);
    }

    @Test
    void replayingAUsedRefreshTokenRevokesTheWholeChain() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        AccessTokenResponse first = oauth().signInAndExchange(app, REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        AccessTokenResponse second = AccessTokenResponse.parse(refresh(app, first.getTokens().getRefreshToken()));

        HTTPResponse replay = refresh(app, first.getTokens().getRefreshToken());
        assertThat(replay.getStatusCode()).isEqualTo(400);
        assertThat(replay.getBody()).contains("\"invalid_grant\"");
        assertThat(refresh(app, second.getTokens().getRefreshToken()).getStatusCode()).isEqualTo(400);
        assertThat(me(first)).isEqualTo(401);
        assertThat(me(second)).isEqualTo(401);
    }

    @Test
    void ofConcurrentRefreshesWithOneTokenAtMostOneSucceeds() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        RefreshToken token = oauth().signInAndExchange(app, REDIRECT, OAuthFlows.CONSUMER_SCOPES).getTokens().getRefreshToken();
        int callers = 6;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            List<Future<HTTPResponse>> answers = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return refresh(app, token);
                }));
            }
            start.countDown();
            int succeeded = 0;
            for (Future<HTTPResponse> answer : answers) {
                int status = answer.get().getStatusCode();
                assertThat(status).isIn(200, 400);
                succeeded += status == 200 ? 1 : 0;
            }
            assertThat(succeeded).isLessThanOrEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aRefreshMayNarrowButNotWidenTheScopes() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES + " consumer.documents.read");
        AccessTokenResponse first = oauth().signInAndExchange(app, REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        ApiResponse wider = api().post("/api/public/v1/oauth/token").form("grant_type=refresh_token&client_id=" + app.clientId()
                + "&scope=consumer.documents.read&refresh_token=" + first.getTokens().getRefreshToken().getValue()).send();
        assertThat(wider.errorCode()).isEqualTo("invalid_scope");
        AccessTokenResponse current = oauth().signInAndExchange(app, REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        ApiResponse narrower = api().post("/api/public/v1/oauth/token").form("grant_type=refresh_token&client_id=" + app.clientId()
                + "&scope=consumer.profile.read&refresh_token=" + current.getTokens().getRefreshToken().getValue()).send();
        assertThat(narrower.status()).isEqualTo(200);
        assertThat(narrower.json().path("scope").asString()).isEqualTo("consumer.profile.read");
    }

    @Test
    void anotherClientCannotUseTheRefreshToken() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        ClientCredentials other = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        AccessTokenResponse tokens = oauth().signInAndExchange(app, REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        assertThat(refresh(other, tokens.getTokens().getRefreshToken()).getStatusCode()).isEqualTo(400);
        assertThat(refresh(app, tokens.getTokens().getRefreshToken()).getStatusCode()).isEqualTo(200);
    }

    @Test
    void refreshTokensDieAfter30IdleDaysAndAccessTokensAfter900Seconds() throws Exception {
        ClientCredentials app = oauth().publicApp(REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        AccessTokenResponse tokens = oauth().signInAndExchange(app, REDIRECT, OAuthFlows.CONSUMER_SCOPES);
        clock.advance(Duration.ofSeconds(901));
        assertThat(me(tokens)).isEqualTo(401);
        clock.advance(Duration.ofDays(30));
        assertThat(refresh(app, tokens.getTokens().getRefreshToken()).getStatusCode()).isEqualTo(400);
    }

    private HTTPResponse refresh(ClientCredentials app, RefreshToken token) throws Exception {
        return new TokenRequest(oauth().tokenEndpoint(), new ClientID(app.clientId()), new RefreshTokenGrant(token))
                .toHTTPRequest().send();
    }

    private int me(AccessTokenResponse tokens) {
        return api().get("/api/public/v1/me").bearer(tokens.getTokens().getAccessToken().getValue()).send().status();
    }
}
