package io.assent.oauth;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import io.assent.partners.Client;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.security.Scopes;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST {base_url}/oauth/introspect} (RFC 7662, D4). A caller sees {@code active:true} only
 * for live tokens of its own client; every other token, whatever the reason, is {@code active:false}.
 */
@RestController
public class IntrospectionController {

    public static final String PATH = PublicUrls.API_PREFIX + "/oauth/introspect";
    private static final Set<String> FIELDS = Set.of("token", "token_type_hint", "client_id", "client_secret");
    private static final Map<String, Object> INACTIVE = Map.of("active", false);

    private final CallingClient callingClient;
    private final TokenVerifier verifier;
    private final TokenService tokens;
    private final JsonMapper json;
    private final String issuer;

    public IntrospectionController(CallingClient callingClient, TokenVerifier verifier, TokenService tokens,
                                   JsonMapper json, PublicUrls urls) {
        this.callingClient = callingClient;
        this.verifier = verifier;
        this.tokens = tokens;
        this.json = json;
        this.issuer = urls.baseUrl();
    }

    @PostMapping(PATH)
    public ResponseEntity<Map<String, Object>> introspect(HttpServletRequest servletRequest) {
        OAuthRequest request = OAuthRequest.read(servletRequest, json, FIELDS);
        Client client = callingClient.identify(request, false);
        String token = request.parameter("token");
        if (token == null || token.isBlank()) {
            throw OAuthErrors.invalidRequest("token is required.");
        }
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).body(describe(client, token));
    }

    private Map<String, Object> describe(Client client, String token) {
        var access = verifier.verify(token, TokenProfile.API_ACCESS).filter(c -> c.clientId().equals(client.clientId()));
        if (access.isPresent()) {
            VerifiedToken claims = access.get();
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("active", true);
            body.put("scope", Scopes.format(claims.scopes()));
            body.put("client_id", claims.clientId());
            body.put("sub", claims.subject());
            body.put("exp", claims.expiresAt().getEpochSecond());
            body.put("iat", claims.issuedAt().getEpochSecond());
            body.put("iss", issuer);
            body.put("aud", issuer);
            body.put("jti", claims.jti());
            body.put("token_type", "Bearer");
            return body;
        }
        return tokens.findRefreshToken(client, token)
                .filter(TokenService.RefreshTokenState::active)
                .<Map<String, Object>>map(state -> {
                    Map<String, Object> body = new LinkedHashMap<>();
                    body.put("active", true);
                    body.put("scope", Scopes.format(state.chain().scopes()));
                    body.put("client_id", client.clientId());
                    body.put("sub", state.chain().userId().toString());
                    body.put("exp", state.idleExpiresAt().getEpochSecond());
                    body.put("iss", issuer);
                    body.put("token_type", "refresh_token");
                    return body;
                })
                .orElse(INACTIVE);
    }
}
