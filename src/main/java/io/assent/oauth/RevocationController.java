package io.assent.oauth;

import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import io.assent.partners.Client;
import io.assent.platform.config.PublicUrls;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST {base_url}/oauth/revoke} (RFC 7009, D4). A client can revoke only its own tokens;
 * anything else, unknown tokens included, is answered 200 with nothing revoked, so the endpoint
 * reveals nothing about tokens.
 */
@RestController
public class RevocationController {

    public static final String PATH = PublicUrls.API_PREFIX + "/oauth/revoke";
    private static final Set<String> FIELDS = Set.of("token", "token_type_hint", "client_id", "client_secret");

    private final CallingClient callingClient;
    private final TokenRevocation revocation;
    private final JsonMapper json;

    public RevocationController(CallingClient callingClient, TokenRevocation revocation, JsonMapper json) {
        this.callingClient = callingClient;
        this.revocation = revocation;
        this.json = json;
    }

    @PostMapping(PATH)
    public ResponseEntity<Void> revoke(HttpServletRequest servletRequest) {
        OAuthRequest request = OAuthRequest.read(servletRequest, json, FIELDS);
        Client client = callingClient.identify(request, true);
        String token = request.parameter("token");
        if (token == null || token.isBlank()) {
            throw OAuthErrors.invalidRequest("token is required.");
        }
        String hint = request.parameter("token_type_hint");
        if (hint != null && !hint.equals("access_token") && !hint.equals("refresh_token")) {
            throw new io.assent.platform.error.ApiException(org.springframework.http.HttpStatus.BAD_REQUEST,
                    "unsupported_token_type", "token_type_hint must be access_token or refresh_token.");
        }
        revocation.revoke(client, token);
        return ResponseEntity.ok().header("Cache-Control", "no-store").build();
    }
}
