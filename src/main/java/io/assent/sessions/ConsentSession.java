package io.assent.sessions;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import io.assent.platform.security.Tenant;

/**
 * A partner's request for a consumer's data (D7): it pins one published product version, waits
 * for one consumer's answer until it expires, and may be revoked.
 */
public record ConsentSession(UUID id, Tenant tenant, UUID clientId, UUID productId, int productVersion, UUID opportunityId,
                             Optional<String> externalReference, Optional<String> returnUrl, Map<String, String> metadata,
                             Optional<String> consumerHint, SessionStatus status, Optional<UUID> consumerId,
                             CollectionMethod collectionMethod, Optional<String> embedOrigin, Instant expiresAt,
                             Instant createdAt, Instant updatedAt, Optional<Instant> answeredAt,
                             Optional<Instant> revokedAt, Optional<String> revokedBy) {

    /** Pending, but past its expiry: it is expired whether or not anyone has recorded that yet (D7). */
    public boolean isDueToExpire(Instant now) {
        return status == SessionStatus.PENDING && !expiresAt.isAfter(now);
    }
}
