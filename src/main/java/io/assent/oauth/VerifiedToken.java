package io.assent.oauth;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import io.assent.platform.security.Tenant;

/**
 * The claims of a token whose signature, issuer, audience, type and lifetime have been checked.
 *
 * @param subject  the user id, or the client id for client-credentials tokens
 * @param chainId  the refresh-token chain the token was issued in (claim {@code sid}), if any
 * @param tenant   the partner and environment of a client-credentials token
 */
public record VerifiedToken(String jti, String subject, String clientId, Set<String> scopes, Optional<UUID> chainId,
                            Optional<Tenant> tenant, Instant issuedAt, Instant expiresAt) {

    /** Whether the subject is a user (a token from the authorization code flow or the IdP). */
    public Optional<UUID> userId() {
        return subject.equals(clientId) ? Optional.empty() : Optional.of(UUID.fromString(subject));
    }
}
