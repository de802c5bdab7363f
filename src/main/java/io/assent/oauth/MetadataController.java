package io.assent.oauth;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.assent.platform.config.PublicUrls;
import io.assent.platform.security.Scopes;

/**
 * Discovery (RFC 8414, OpenID Connect Discovery) at the addresses of D4. It advertises only what
 * works: S256 alone, the three grants, the three client authentication methods.
 */
@RestController
public class MetadataController {

    public static final String METADATA = PublicUrls.API_PREFIX + "/oauth/metadata";
    public static final String WELL_KNOWN_OAUTH = "/.well-known/oauth-authorization-server" + PublicUrls.API_PREFIX;
    public static final String WELL_KNOWN_OPENID = PublicUrls.API_PREFIX + "/.well-known/openid-configuration";

    private final Map<String, Object> oauth;
    private final Map<String, Object> openid;

    public MetadataController(PublicUrls urls) {
        String base = urls.baseUrl();
        List<String> authMethods = List.of("client_secret_basic", "client_secret_post", "none");
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("issuer", base);
        document.put("authorization_endpoint", urls.authUrl() + "/oauth/authorize");
        document.put("token_endpoint", base + "/oauth/token");
        document.put("jwks_uri", base + "/oauth/jwks");
        document.put("revocation_endpoint", base + "/oauth/revoke");
        document.put("introspection_endpoint", base + "/oauth/introspect");
        document.put("scopes_supported", List.copyOf(Scopes.all()));
        document.put("response_types_supported", List.of("code"));
        document.put("response_modes_supported", List.of("query"));
        document.put("grant_types_supported", List.of("authorization_code", "client_credentials", "refresh_token"));
        document.put("code_challenge_methods_supported", List.of("S256"));
        document.put("token_endpoint_auth_methods_supported", authMethods);
        document.put("revocation_endpoint_auth_methods_supported", authMethods);
        document.put("introspection_endpoint_auth_methods_supported", List.of("client_secret_basic", "client_secret_post"));
        document.put("authorization_response_iss_parameter_supported", true);
        this.oauth = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(document));
        document.put("subject_types_supported", List.of("public"));
        document.put("id_token_signing_alg_values_supported", List.of("ES256"));
        document.put("claims_supported", List.of("iss", "sub", "aud", "exp", "iat", "auth_time", "jti"));
        this.openid = java.util.Collections.unmodifiableMap(document);
    }

    @GetMapping({METADATA, WELL_KNOWN_OAUTH})
    public ResponseEntity<Map<String, Object>> metadata() {
        return ResponseEntity.ok().cacheControl(CacheControl.maxAge(java.time.Duration.ofMinutes(5)).cachePublic()).body(oauth);
    }

    @GetMapping(WELL_KNOWN_OPENID)
    public ResponseEntity<Map<String, Object>> openidConfiguration() {
        return ResponseEntity.ok().cacheControl(CacheControl.maxAge(java.time.Duration.ofMinutes(5)).cachePublic()).body(openid);
    }
}
