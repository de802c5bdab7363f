package io.assent.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import io.assent.identity.IdentityService;
import io.assent.support.ApiClient.ApiResponse;

class ProfileApiTest extends ConsumerApiTest {

    @Autowired
    private IdentityService identity;

    @Test
    void readsTheProfileWithItsTimes() {
        Me me = consumer();
        ApiResponse profile = get(me, "/profile");
        assertThat(profile.status()).isEqualTo(200);
        assertThat(profile.json().path("user_id").asString()).isEqualTo(me.account().id().toString());
        assertThat(profile.json().path("email").asString()).isEqualTo(me.account().email());
        assertThat(profile.json().path("status").asString()).isEqualTo("active");
        assertThat(profile.json().path("account_type").asString()).isEqualTo("consumer");
        assertThat(profile.json().has("created_at")).isTrue();
    }

    @Test
    void updatesTheFieldsAndRecordsTheirNamesOnly() {
        Me me = consumer();
        String email = "renamed-" + me.account().id() + "@example.com";
        ApiResponse updated = patch(me, "/profile",
                "{\"first_name\":\"Ada\",\"phone\":\"+447700900123\",\"email\":\"" + email.toUpperCase() + "\"}");
        assertThat(updated.status()).isEqualTo(200);
        assertThat(updated.json().path("first_name").asString()).isEqualTo("Ada");
        assertThat(updated.json().path("phone").asString()).isEqualTo("+447700900123");
        assertThat(updated.json().path("email").asString()).isEqualTo(email);
        assertThat(get(me, "/profile").json().path("first_name").asString()).isEqualTo("Ada");

        String details = jdbc.sql("select details from history_events where consumer_id = :c and event_type = 'profile_updated'")
                .param("c", me.account().id()).query(String.class).single();
        assertThat(details).contains("first_name", "phone", "email").doesNotContain("Ada", "+447700900123", email);

        ApiResponse cleared = patch(me, "/profile", "{\"phone\":null}");
        assertThat(cleared.json().path("phone").isNull()).isTrue();
        assertThat(historyTypes(me)).containsExactly("profile_updated", "profile_updated");
    }

    @Test
    void refusesUnknownFieldsAndInvalidValues() {
        Me me = consumer();
        ApiResponse unknown = patch(me, "/profile", "{\"status\":\"disabled\"}");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.errorCode()).isEqualTo("invalid_request");
        assertThat(unknown.json().path("error").path("message").asString()).contains("status");

        ApiResponse invalid = patch(me, "/profile", "{\"phone\":\"07700 900123\",\"email\":\"nope\"}");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.errorCode()).isEqualTo("validation_failed");
        assertThat(invalid.body()).contains("phone", "email");

        assertThat(patch(me, "/profile", "{\"email\":null}").status()).isEqualTo(400);

        Me other = consumer();
        ApiResponse taken = patch(me, "/profile", "{\"email\":\"" + other.account().email() + "\"}");
        assertThat(taken.status()).isEqualTo(409);
        assertThat(historyTypes(me)).doesNotContain("profile_updated");
    }

    @Test
    void needsTheProfileScopes() {
        Me reader = consumer("consumer.profile.read");
        assertThat(patch(reader, "/profile", "{\"first_name\":\"X\"}").errorCode()).isEqualTo("insufficient_scope");
        Me writer = consumer("consumer.history.read");
        assertThat(get(writer, "/profile").status()).isEqualTo(403);
        assertThat(api().get(ME + "/profile").send().status()).isEqualTo(401);
    }

    @Test
    void aDisabledAccountsTokensStopWorking() {
        Me me = consumer();
        assertThat(get(me, "/profile").status()).isEqualTo(200);
        identity.disable(me.account().email());
        clock.advance(Duration.ofSeconds(6));
        ApiResponse refused = get(me, "/profile");
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.errorCode()).isEqualTo("invalid_token");
    }

    @Test
    void aDisabledAccountsRefreshTokensStopWorking() throws Exception {
        var flows = oauth();
        var app = flows.publicApp(REDIRECT, ALL_SCOPES);
        var user = flows.consumer();
        var authorization = flows.authorize(flows.idpToken(user), app, REDIRECT, "consumer.profile.read", "approve", "s");
        var tokens = com.nimbusds.oauth2.sdk.AccessTokenResponse.parse(
                flows.exchange(app, authorization.code(), REDIRECT, authorization.verifier())).getTokens();
        identity.disable(user.email());
        var refreshed = new com.nimbusds.oauth2.sdk.TokenRequest(flows.tokenEndpoint(),
                new com.nimbusds.oauth2.sdk.id.ClientID(app.clientId()),
                new com.nimbusds.oauth2.sdk.RefreshTokenGrant(tokens.getRefreshToken())).toHTTPRequest().send();
        assertThat(refreshed.getStatusCode()).isEqualTo(400);
        assertThat(refreshed.getBody()).contains("invalid_grant");
    }
}
