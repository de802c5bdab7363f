package io.assent.identity;

import java.time.Duration;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import io.assent.oauth.MintedToken;
import io.assent.oauth.TokenMinter;

/**
 * The built-in identity provider's API (D5), outside the versioned API: sign up and sign in with an
 * e-mail address and a password, receiving an IdP token (its own audience, not accepted by the API).
 */
@RestController
public class IdpController {

    public record SignUpBody(String email, String password, String firstName, String lastName) {
    }

    public record SignInBody(String email, String password) {
    }

    /** An IdP token, in the shape of a token response. */
    public record IdpTokenResponse(String accessToken, String tokenType, long expiresIn) {
    }

    private final IdentityService identity;
    private final SignInService signIn;
    private final TokenMinter minter;

    public IdpController(IdentityService identity, SignInService signIn, TokenMinter minter) {
        this.identity = identity;
        this.signIn = signIn;
        this.minter = minter;
    }

    @PostMapping(path = "/idp/signup", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<IdpTokenResponse> signUp(@RequestBody SignUpBody body) {
        UserAccount user = identity.create(new NewUser(body.email(), body.password(), AccountType.CONSUMER,
                Optional.ofNullable(body.firstName()), Optional.ofNullable(body.lastName())));
        return answer(HttpStatus.CREATED, user);
    }

    @PostMapping(path = "/idp/login", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<IdpTokenResponse> signIn(@RequestBody SignInBody body, HttpServletRequest request) {
        return answer(HttpStatus.OK, signIn.signIn(body.email(), body.password(), request.getRemoteAddr()));
    }

    private ResponseEntity<IdpTokenResponse> answer(HttpStatus status, UserAccount user) {
        MintedToken token = minter.idpToken(user.id());
        long expiresIn = Duration.between(token.issuedAt(), token.expiresAt()).toSeconds();
        return ResponseEntity.status(status).cacheControl(CacheControl.noStore())
                .body(new IdpTokenResponse(token.value(), "Bearer", expiresIn));
    }
}
