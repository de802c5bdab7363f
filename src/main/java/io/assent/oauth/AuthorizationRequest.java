package io.assent.oauth;

import java.util.Optional;

/**
 * An authorization request (RFC 6749 section 4.1.1 with RFC 7636), as the consent screen receives
 * it in its query string and {@code POST {base_url}/oauth/authorize} in its JSON body.
 */
public record AuthorizationRequest(String responseType, String clientId, String redirectUri, String scope,
                                   Optional<String> state, String codeChallenge, String codeChallengeMethod) {
}
