package io.assent.oauth;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.springframework.stereotype.Service;

import com.nimbusds.oauth2.sdk.util.URLUtils;

import io.assent.identity.AccountType;
import io.assent.identity.UserAccount;
import io.assent.partners.Client;
import io.assent.partners.ClientService;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;
import io.assent.platform.security.Scopes;

/**
 * The authorization endpoint's rules (RFC 6749 section 4.1, RFC 7636, RFC 9207, D4), shared by
 * {@code POST {base_url}/oauth/authorize} and the consent screen. Faults in the client or the
 * redirect URI are answered directly (nobody may be redirected to an unverified address); every
 * other fault, and a denial, goes back to the client's redirect URI.
 */
@Service
public class AuthorizationService {

    private static final Pattern CODE_CHALLENGE = Pattern.compile("^[A-Za-z0-9._~-]{43,128}$");

    private final ClientService clients;
    private final TokenService tokens;
    private final String issuer;

    public AuthorizationService(ClientService clients, TokenService tokens, PublicUrls urls) {
        this.clients = clients;
        this.tokens = tokens;
        this.issuer = urls.baseUrl();
    }

    /** Trusts the client and redirect URI (or throws 400), then checks the rest of the request. */
    public AuthorizationCheck check(AuthorizationRequest request) {
        Client client = clients.find(request.clientId()).filter(Client::active)
                .orElseThrow(() -> ApiException.invalidRequest("Unknown client_id: this link is not from a registered app."));
        if (request.redirectUri() == null || !client.redirectUris().contains(request.redirectUri())) {
            throw ApiException.invalidRequest("redirect_uri is not registered for this client.");
        }
        if (!"code".equals(request.responseType())) {
            return refuse(request, "unsupported_response_type", "Only response_type=code is supported.");
        }
        Set<String> scopes = Scopes.parse(request.scope());
        if (scopes.isEmpty()) {
            return refuse(request, "invalid_scope", "scope is required.");
        }
        for (String scope : scopes) {
            boolean userScope = Scopes.CONSUMER.contains(scope) || Scopes.OPENID.equals(scope);
            if (!userScope || !client.scopes().contains(scope)) {
                return refuse(request, "invalid_scope", "Scope '" + scope + "' cannot be granted to this client.");
            }
        }
        if (!"S256".equals(request.codeChallengeMethod())) {
            return refuse(request, "invalid_request", "code_challenge_method must be S256.");
        }
        if (request.codeChallenge() == null || !CODE_CHALLENGE.matcher(request.codeChallenge()).matches()) {
            return refuse(request, "invalid_request", "code_challenge must be 43 to 128 URL-safe characters.");
        }
        return new AuthorizationCheck.Valid(request, client, scopes);
    }

    /** The consumer's answer: where the user agent goes next, with a code or with access_denied. */
    public String decide(UserAccount user, AuthorizationRequest request, boolean approve) {
        AuthorizationCheck check = check(request);
        if (check instanceof AuthorizationCheck.Refused refused) {
            return refused.redirectTo();
        }
        AuthorizationCheck.Valid valid = (AuthorizationCheck.Valid) check;
        if (!approve) {
            return redirect(request, Map.of("error", "access_denied", "error_description", "The consumer denied the request."));
        }
        if (!user.active() || user.accountType() != AccountType.CONSUMER) {
            return redirect(request, Map.of("error", "access_denied",
                    "error_description", "Only consumer accounts can authorize apps."));
        }
        String code = tokens.issueCode(valid.client(), user.id(), request.redirectUri(), valid.scopes(), request.codeChallenge());
        return redirect(request, Map.of("code", code));
    }

    private AuthorizationCheck refuse(AuthorizationRequest request, String error, String description) {
        return new AuthorizationCheck.Refused(redirect(request, Map.of("error", error, "error_description", description)));
    }

    private String redirect(AuthorizationRequest request, Map<String, String> result) {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        result.forEach((name, value) -> parameters.put(name, List.of(value)));
        request.state().ifPresent(state -> parameters.put("state", List.of(state)));
        parameters.put("iss", List.of(issuer));
        String separator = request.redirectUri().contains("?") ? "&" : "?";
        return request.redirectUri() + separator + URLUtils.serializeParameters(parameters);
    }
}
