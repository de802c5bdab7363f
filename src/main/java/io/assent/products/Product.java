package io.assent.products;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import io.assent.platform.security.Tenant;

/** A partner's product: its working draft and the number of its newest published version. */
public record Product(UUID id, Tenant tenant, LifecycleStatus lifecycleStatus, ProductContent draft,
                      Optional<Integer> currentVersion, Instant createdAt, Instant updatedAt) {
}
