package io.assent.consumer;

import java.util.List;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import io.assent.identity.UserAccount;
import io.assent.partners.ClientCredentials;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.OAuthFlows;

/** Base of the {@code /me} tests: consumers with tokens of the scopes a test names. */
abstract class ConsumerApiTest extends ApiTest {

    static final String ME = "/api/public/v1/me";
    static final String REDIRECT = "https://budget.example/callback";
    static final String ALL_SCOPES = "consumer.profile.read consumer.profile.write consumer.history.read "
            + "consumer.notifications.read consumer.notifications.write consumer.grants.read consumer.documents.read "
            + "consumer.documents.write";

    @Autowired
    protected JdbcClient jdbc;

    /** A new consumer and an access token of theirs. */
    record Me(UserAccount account, String token) {
    }

    Me consumer(String scopes) {
        OAuthFlows flows = oauth();
        ClientCredentials app = flows.publicApp(REDIRECT, ALL_SCOPES);
        UserAccount user = flows.consumer();
        return new Me(user, token(user, app, scopes));
    }

    Me consumer() {
        return consumer(ALL_SCOPES);
    }

    /** Another token of the same consumer, with other scopes. */
    Me withScopes(Me me, String scopes) {
        return new Me(me.account(), token(me.account(), oauth().publicApp(REDIRECT, ALL_SCOPES), scopes));
    }

    private String token(UserAccount user, ClientCredentials app, String scopes) {
        OAuthFlows flows = oauth();
        try {
            OAuthFlows.Authorization authorization = flows.authorize(flows.idpToken(user), app, REDIRECT, scopes, "approve", "s");
            return com.nimbusds.oauth2.sdk.AccessTokenResponse.parse(flows.exchange(app, authorization.code(), REDIRECT,
                    authorization.verifier())).getTokens().getAccessToken().getValue();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    ApiResponse get(Me me, String path) {
        return api().get(ME + path).bearer(me.token()).send();
    }

    ApiResponse post(Me me, String path, String json) {
        return api().post(ME + path).bearer(me.token()).json(json).send();
    }

    ApiResponse patch(Me me, String path, String json) {
        return api().patch(ME + path).bearer(me.token()).json(json).send();
    }

    ApiResponse delete(Me me, String path) {
        return api().delete(ME + path).bearer(me.token()).send();
    }

    List<String> historyTypes(Me me) {
        return jdbc.sql("select event_type from history_events where consumer_id = :c and event_type <> 'signed_in' order by occurred_at desc, id desc")
                .param("c", me.account().id()).query(String.class).list();
    }
}
