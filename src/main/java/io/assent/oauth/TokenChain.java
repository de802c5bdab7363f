package io.assent.oauth;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Everything issued from one authorization: its refresh tokens rotate inside it, and it is revoked
 * as a whole (D4). Its absolute lifetime never grows.
 */
public record TokenChain(UUID id, UUID clientId, UUID userId, Set<String> scopes, Instant createdAt,
                         Instant absoluteExpiresAt, Optional<Instant> revokedAt) {

    public boolean isLive(Instant now) {
        return revokedAt.isEmpty() && absoluteExpiresAt.isAfter(now);
    }
}
