package io.assent.oauth;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;
import org.springframework.stereotype.Component;

import io.assent.platform.security.Caller;
import io.assent.platform.security.CallerAuthentication;

/**
 * Bearer access tokens on the API (D4): a live, unrevoked token of this server becomes the
 * {@link Caller}, its scopes the authorities. A user token of a disabled account is refused (D17),
 * at most {@link AccountStatusCache#TTL} after the account was disabled.
 */
@Component
public class BearerTokenAuthenticationProvider implements AuthenticationProvider {

    private final TokenVerifier verifier;
    private final AccountStatusCache accounts;

    public BearerTokenAuthenticationProvider(TokenVerifier verifier, AccountStatusCache accounts) {
        this.verifier = verifier;
        this.accounts = accounts;
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String token = ((BearerTokenAuthenticationToken) authentication).getToken();
        VerifiedToken claims = verifier.verify(token, TokenProfile.API_ACCESS)
                .orElseThrow(() -> new InvalidBearerTokenException("invalid bearer token"));
        if (claims.userId().isPresent() && !accounts.isActive(claims.userId().get())) {
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
