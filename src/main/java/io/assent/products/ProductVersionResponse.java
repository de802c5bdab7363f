package io.assent.products;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * An immutable published version (D16): its number, when it was published and the snapshot of the
 * draft. The same shape answers a publish and lists the versions of a product.
 */
record ProductVersionResponse(UUID productId, int version, Instant publishedAt, String name,
                              Optional<String> description, Optional<String> purpose, List<String> dataCategories,
                              Optional<Integer> retentionDays, Map<String, String> metadata) {

    static ProductVersionResponse of(ProductVersion version) {
        ProductContent content = version.content();
        return new ProductVersionResponse(version.productId(), version.version(), version.publishedAt(),
                content.name(), content.description(), content.purpose(), wireNames(content.dataCategories()),
                content.retentionDays(), content.metadata());
    }

    static List<String> wireNames(List<DataCategory> categories) {
        return categories.stream().map(DataCategory::wireName).toList();
    }
}
