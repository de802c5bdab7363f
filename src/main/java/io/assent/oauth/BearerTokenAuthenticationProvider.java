package io.assent.oauth;

import java.time.Clock;
import java.util.UUID;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;
import org.springframework.stereotype.Component;

import io.assent.identity.IdentityService;
import io.assent.partners.Client;
import io.assent.partners.ClientService;
import io.assent.platform.security.Caller;
import io.assent.platform.security.CallerAuthentication;

/**
 * Bearer access tokens on the API (D4): a live, unrevoked token of this server becomes the
 * {@link Caller}, its scopes the authorities. A token of a disabled client, or a user token of a
 * disabled account (D17), is refused at most {@link ActiveStatusCache#TTL} after the disabling.
 */
@Component
public class BearerTokenAuthenticationProvider implements AuthenticationProvider {

    private final TokenVerifier verifier;
    private final ActiveStatusCache<UUID> accounts;
    private final ActiveStatusCache<String> clients;

    public BearerTokenAuthenticationProvider(TokenVerifier verifier, IdentityService identity, ClientService clients,
                                             Clock clock) {
        this.verifier = verifier;
        this.accounts = new ActiveStatusCache<>(identity::isActive, clock);
        this.clients = new ActiveStatusCache<>(clientId -> clients.find(clientId).map(Client::active).orElse(false), clock);
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String token = ((BearerTokenAuthenticationToken) authentication).getToken();
        VerifiedToken claims = verifier.verify(token, TokenProfile.API_ACCESS)
                .orElseThrow(() -> new InvalidBearerTokenException("invalid bearer token"));
        if (!clients.isActive(claims.clientId())
                || claims.userId().isPresent() && !accounts.isActive(claims.userId().get())) {
            throw new InvalidBearerTokenException("invalid bearer token");
        }
        return new CallerAuthentication(new Caller(claims.clientId(), claims.userId(), claims.tenant(), claims.scopes(),
                java.util.Optional.of(claims.expiresAt())));
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return BearerTokenAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
