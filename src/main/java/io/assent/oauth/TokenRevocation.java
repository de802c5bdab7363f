package io.assent.oauth;

import java.time.Clock;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.assent.partners.Client;

/**
 * Revokes a token a client presents (RFC 7009): an access token until it would have expired, or a
 * refresh token together with its whole chain (D4). Tokens of other clients are left alone.
 */
@Service
public class TokenRevocation {

    private final TokenVerifier verifier;
    private final TokenService tokens;
    private final RevocationList revocations;
    private final Clock clock;

    public TokenRevocation(TokenVerifier verifier, TokenService tokens, RevocationList revocations, Clock clock) {
        this.verifier = verifier;
        this.tokens = tokens;
        this.revocations = revocations;
        this.clock = clock;
    }

    @Transactional
    public void revoke(Client client, String token) {
        var access = verifier.signatureChecked(token, TokenProfile.API_ACCESS)
                .filter(claims -> claims.clientId().equals(client.clientId()));
        if (access.isPresent()) {
            if (access.get().expiresAt().isAfter(clock.instant()) && !revocations.isRevoked(access.get())) {
                revocations.revokeToken(access.get().jti(), access.get().expiresAt());
            }
            return;
        }
        tokens.findRefreshToken(client, token).ifPresent(state -> tokens.revokeChain(state.chain().id(), "revoked_by_client"));
    }
}
