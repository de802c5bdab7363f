package io.assent.oauth;

import java.util.Map;
import java.util.Optional;

import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import io.assent.identity.IdentityService;
import io.assent.identity.UserAccount;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;

/**
 * {@code POST {base_url}/oauth/authorize}: the consumer's decision, made with a token of the
 * built-in identity provider (D5), never an API token.
 */
@RestController
public class AuthorizeController {

    public static final String PATH = PublicUrls.API_PREFIX + "/oauth/authorize";

    /** The JSON body, exactly the spec's fields. */
    public record AuthorizeBody(String decision, String responseType, String clientId, String redirectUri, String scope,
                                String state, String codeChallenge, String codeChallengeMethod) {
    }

    private final AuthorizationService authorization;
    private final TokenVerifier verifier;
    private final IdentityService identity;

    public AuthorizeController(AuthorizationService authorization, TokenVerifier verifier, IdentityService identity) {
        this.authorization = authorization;
        this.verifier = verifier;
        this.identity = identity;
    }

    @PostMapping(path = PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<Map<String, String>> authorize(
            @RequestHeader(name = "Authorization", required = false) String authorizationHeader,
            @RequestBody AuthorizeBody body) {
        UserAccount user = signedInUser(authorizationHeader);
        if (body.decision() == null || !(body.decision().equals("approve") || body.decision().equals("deny"))) {
            throw ApiException.invalidRequest("decision must be approve or deny.");
        }
        for (var required : Map.of("response_type", Optional.ofNullable(body.responseType()),
                "client_id", Optional.ofNullable(body.clientId()), "redirect_uri", Optional.ofNullable(body.redirectUri()),
                "scope", Optional.ofNullable(body.scope()), "code_challenge", Optional.ofNullable(body.codeChallenge()),
                "code_challenge_method", Optional.ofNullable(body.codeChallengeMethod())).entrySet()) {
            if (required.getValue().isEmpty()) {
                throw ApiException.invalidRequest(required.getKey() + " is required.");
            }
        }
        AuthorizationRequest request = new AuthorizationRequest(body.responseType(), body.clientId(), body.redirectUri(),
                body.scope(), Optional.ofNullable(body.state()), body.codeChallenge(), body.codeChallengeMethod());
        String redirectTo = authorization.decide(user, request, body.decision().equals("approve"));
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).body(Map.of("redirect_to", redirectTo));
    }

    private UserAccount signedInUser(String authorizationHeader) {
        if (authorizationHeader == null || !authorizationHeader.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new ApiException(HttpStatus.UNAUTHORIZED, "unauthorized",
                    "Sign in with the identity provider and send its token as a bearer token.", java.util.List.of(),
                    Map.of("WWW-Authenticate", "Bearer realm=\"assent-idp\""));
        }
        return verifier.verify(authorizationHeader.substring(7).trim(), TokenProfile.IDP)
                .flatMap(token -> token.userId())
                .flatMap(identity::find)
                .filter(UserAccount::active)
                .orElseThrow(() -> new ApiException(HttpStatus.UNAUTHORIZED, "invalid_token",
                        "The identity provider token is invalid or expired.", java.util.List.of(),
                        Map.of("WWW-Authenticate", "Bearer realm=\"assent-idp\", error=\"invalid_token\"")));
    }
}
