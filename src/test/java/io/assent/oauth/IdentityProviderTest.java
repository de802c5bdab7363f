package io.assent.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.nimbusds.jwt.SignedJWT;

import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;

/** The built-in identity provider (D5): sign-up, sign-in, its own tokens, and guessing limits. */
class IdentityProviderTest extends ApiTest {

    @Test
    void signUpThenSignInGivesIdpTokensWithTheirOwnAudience() throws Exception {
        String email = "new-" + UUID.randomUUID() + "@example.com";
        ApiResponse signUp = api().post("/idp/signup")
                .json("{\"email\":\"" + email + "\",\"password\":\"a fine password\",\"first_name\":\"Ada\"}").unvalidated().send();
        assertThat(signUp.status()).isEqualTo(201);
        ApiResponse signIn = api().post("/idp/login").json("{\"email\":\"" + email.toUpperCase() + "\",\"password\":\"a fine password\"}")
                .unvalidated().send();
        assertThat(signIn.status()).isEqualTo(200);
        assertThat(signIn.json().path("token_type").asString()).isEqualTo("Bearer");
        assertThat(signIn.json().path("expires_in").asInt()).isEqualTo(3600);
        SignedJWT token = SignedJWT.parse(signIn.json().path("access_token").asString());
        assertThat(token.getJWTClaimsSet().getAudience()).containsExactly(root() + "/idp");
        assertThat(token.getHeader().getType().getType()).isEqualTo("idp+jwt");
    }

    @Test
    void signUpRefusesBadInputAndTakenAddresses() {
        assertThat(signUp("not-an-email", "a fine password").status()).isEqualTo(400);
        assertThat(signUp("x-" + UUID.randomUUID() + "@example.com", "short").errorCode()).isEqualTo("validation_failed");
        String email = "dup-" + UUID.randomUUID() + "@example.com";
        assertThat(signUp(email, "a fine password").status()).isEqualTo(201);
        assertThat(signUp(email, "another password").status()).isEqualTo(409);
        ApiResponse unknownField = api().post("/idp/signup")
                .json("{\"email\":\"a@b.example\",\"password\":\"a fine password\",\"role\":\"admin\"}").unvalidated().send();
        assertThat(unknownField.status()).isEqualTo(400);
    }

    @Test
    void aWrongPasswordIs401AndRepeatedGuessesAreThrottled() {
        String email = "guess-" + UUID.randomUUID() + "@example.com";
        signUp(email, "the real password");
        for (int i = 0; i < 5; i++) {
            assertThat(login(email, "wrong guess " + i).status()).isEqualTo(401);
        }
        ApiResponse throttled = login(email, "the real password");
        assertThat(throttled.status()).isEqualTo(429);
        assertThat(throttled.header("Retry-After")).isNotNull();
    }

    @Test
    void anUnknownAccountLooksLikeAWrongPassword() {
        ApiResponse response = login("nobody-" + UUID.randomUUID() + "@example.com", "whatever password");
        assertThat(response.status()).isEqualTo(401);
        assertThat(response.json().path("error").path("message").asString()).isEqualTo("The e-mail address or password is wrong.");
    }

    private ApiResponse signUp(String email, String password) {
        return api().post("/idp/signup").json("{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}").unvalidated().send();
    }

    private ApiResponse login(String email, String password) {
        return api().post("/idp/login").json("{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}").unvalidated().send();
    }
}
