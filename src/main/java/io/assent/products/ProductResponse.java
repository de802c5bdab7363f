package io.assent.products;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The Product resource (D16): the spec's fields, the working draft's fields at the top level, the
 * newest version's number and the times; {@code versions} only where one product is read.
 */
record ProductResponse(UUID id, String name, String lifecycleStatus, String environment,
                       Optional<String> description, Optional<String> purpose, List<String> dataCategories,
                       Optional<Integer> retentionDays, Map<String, String> metadata,
                       Optional<Integer> currentVersion, Instant createdAt, Instant updatedAt,
                       @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<List<ProductVersionResponse>> versions) {

    static ProductResponse of(Product product) {
        return of(product, Optional.empty());
    }

    static ProductResponse of(ProductWithVersions found) {
        return of(found.product(), Optional.of(found.versions().stream().map(ProductVersionResponse::of).toList()));
    }

    private static ProductResponse of(Product product, Optional<List<ProductVersionResponse>> versions) {
        ProductContent draft = product.draft();
        return new ProductResponse(product.id(), draft.name(), product.lifecycleStatus().wireName(),
                product.tenant().environment().wireName(), draft.description(), draft.purpose(),
                ProductVersionResponse.wireNames(draft.dataCategories()), draft.retentionDays(), draft.metadata(),
                product.currentVersion(), product.createdAt(), product.updatedAt(), versions);
    }
}
