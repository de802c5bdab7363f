package io.assent.products;

import java.util.Optional;
import java.util.Set;

import io.assent.platform.security.Environment;

/**
 * The filters of the product list (D10): an environment, and lifecycle statuses of which any may
 * match (none given: every status).
 */
public record ProductFilter(Optional<Environment> environment, Set<LifecycleStatus> lifecycleStatuses) {

    public ProductFilter {
        lifecycleStatuses = Set.copyOf(lifecycleStatuses);
    }
}
