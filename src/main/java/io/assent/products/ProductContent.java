package io.assent.products;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a product says to the consumer: the working draft's fields, and the snapshot each published
 * version freezes (D8, D16).
 */
public record ProductContent(String name, Optional<String> description, Optional<String> purpose,
                             List<DataCategory> dataCategories, Optional<Integer> retentionDays,
                             Map<String, String> metadata) {

    public ProductContent {
        dataCategories = List.copyOf(dataCategories);
        metadata = Map.copyOf(metadata);
    }
}
