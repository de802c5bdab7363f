package io.assent.oauth;

import java.util.Optional;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationGrant;
import com.nimbusds.oauth2.sdk.ClientCredentialsGrant;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.RefreshTokenGrant;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenRequest;

import io.assent.partners.Client;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;
import io.assent.platform.security.Scopes;
import tools.jackson.databind.json.JsonMapper;

/** {@code POST {base_url}/oauth/token} (RFC 6749 section 3.2, D4). Nimbus parses; our services decide. */
@RestController
public class TokenController {

    public static final String PATH = PublicUrls.API_PREFIX + "/oauth/token";
    private static final Set<String> FIELDS = Set.of("grant_type", "code", "redirect_uri", "code_verifier",
            "client_id", "client_secret", "scope", "refresh_token");

    private final ClientAuthenticator clientAuthenticator;
    private final TokenService tokens;
    private final JsonMapper json;

    public TokenController(ClientAuthenticator clientAuthenticator, TokenService tokens, JsonMapper json) {
        this.clientAuthenticator = clientAuthenticator;
        this.tokens = tokens;
        this.json = json;
    }

    @PostMapping(PATH)
    public ResponseEntity<TokenResponse> token(HttpServletRequest servletRequest) {
        OAuthRequest request = OAuthRequest.read(servletRequest, json, FIELDS);
        if (request.parameter("grant_type") == null) {
            throw OAuthErrors.invalidRequest("grant_type is required.");
        }
        Client client = clientAuthenticator.authenticate(request);
        if ("client_credentials".equals(request.parameter("grant_type"))) {
            tokens.requireClientCredentialsAllowed(client);
        }
        TokenRequest tokenRequest = parse(request);
        AuthorizationGrant grant = tokenRequest.getAuthorizationGrant();
        Optional<Set<String>> scope = Optional.ofNullable(tokenRequest.getScope()).map(Scope::toString).map(Scopes::parse);
        TokenResponse response;
        if (grant instanceof ClientCredentialsGrant) {
            response = tokens.clientCredentials(client, scope);
        } else if (grant instanceof AuthorizationCodeGrant code) {
            if (code.getCodeVerifier() == null) {
                throw OAuthErrors.invalidRequest("code_verifier is required (PKCE).");
            }
            if (code.getRedirectionURI() == null) {
                throw OAuthErrors.invalidRequest("redirect_uri is required.");
            }
            response = tokens.exchangeCode(client, code.getAuthorizationCode().getValue(),
                    code.getRedirectionURI().toString(), code.getCodeVerifier().getValue());
        } else if (grant instanceof RefreshTokenGrant refresh) {
            response = tokens.refresh(client, refresh.getRefreshToken().getValue(), scope);
        } else {
            throw OAuthErrors.unsupportedGrantType("Supported grants: authorization_code, client_credentials, refresh_token.");
        }
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).header("Pragma", "no-cache").body(response);
    }

    private static TokenRequest parse(OAuthRequest request) {
        try {
            return TokenRequest.parse(request.nimbus());
        } catch (ParseException invalid) {
            ErrorObject error = invalid.getErrorObject();
            String code = error == null || error.getCode() == null ? "invalid_request" : error.getCode();
            String message = error == null || error.getDescription() == null ? invalid.getMessage() : error.getDescription();
            if ("unsupported_grant_type".equals(code)) {
                throw OAuthErrors.unsupportedGrantType(message);
            }
            if ("invalid_client".equals(code)) {
                throw OAuthErrors.invalidClient(message);
            }
            if ("invalid_grant".equals(code)) {
                throw OAuthErrors.invalidGrant(message);
            }
            throw new ApiException(org.springframework.http.HttpStatus.BAD_REQUEST, "invalid_request", message);
        }
    }
}
