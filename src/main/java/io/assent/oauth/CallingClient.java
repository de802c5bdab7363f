package io.assent.oauth;

import org.springframework.stereotype.Component;

import io.assent.partners.Client;
import io.assent.partners.ClientService;

/**
 * Who calls revocation or introspection: D4 accepts the client's credentials or one of its own
 * bearer tokens, which stands for the client that holds it.
 */
@Component
class CallingClient {

    private final ClientAuthenticator clientAuthenticator;
    private final TokenVerifier verifier;
    private final ClientService clients;

    CallingClient(ClientAuthenticator clientAuthenticator, TokenVerifier verifier, ClientService clients) {
        this.clientAuthenticator = clientAuthenticator;
        this.verifier = verifier;
        this.clients = clients;
    }

    /** The caller; {@code publicClientsAllowed} says whether a bare client_id of a public client will do. */
    Client identify(OAuthRequest request, boolean publicClientsAllowed) {
        String authorization = request.authorizationHeader();
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return verifier.verify(authorization.substring(7).trim(), TokenProfile.API_ACCESS)
                    .flatMap(token -> clients.find(token.clientId()))
                    .filter(Client::active)
                    .orElseThrow(() -> new io.assent.platform.error.ApiException(
                            org.springframework.http.HttpStatus.UNAUTHORIZED, "invalid_token",
                            "The bearer token is invalid, expired or revoked.", java.util.List.of(),
                            java.util.Map.of("WWW-Authenticate", "Bearer realm=\"assent\", error=\"invalid_token\"")));
        }
        Client client = clientAuthenticator.authenticate(request);
        if (!publicClientsAllowed && client.type() == io.assent.partners.ClientType.PUBLIC) {
            throw OAuthErrors.invalidClient("Authenticate with client credentials or a bearer token.");
        }
        return client;
    }
}
