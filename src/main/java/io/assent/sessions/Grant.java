package io.assent.sessions;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import io.assent.platform.security.Tenant;
import io.assent.products.DataCategory;

/** The access a granted session gives its partner (D12): which categories, since when, until revoked. */
public record Grant(UUID id, UUID sessionId, UUID consumerId, Tenant tenant, UUID productId, int productVersion,
                    List<DataCategory> dataCategories, boolean active, Instant grantedAt, Optional<Instant> revokedAt,
                    Optional<String> revokedBy) {
}
