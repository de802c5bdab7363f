package io.assent.products;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a product says to the consumer: the working draft's fields, and the snapshot each published
 * version freezes (D8, D16).
 *
 * <p>{@code dataCategories} is a set kept in the enum's order and {@code metadata} is kept sorted by
 * key, so two contents that say the same thing are equal (publishing compares the draft with the
 * latest version) and render the same way.
 */
public record ProductContent(String name, Optional<String> description, Optional<String> purpose,
                             List<DataCategory> dataCategories, Optional<Integer> retentionDays,
                             Map<String, String> metadata) {

    public ProductContent {
        dataCategories = dataCategories.stream().distinct().sorted().toList();
        metadata = Collections.unmodifiableMap(new TreeMap<>(Map.copyOf(metadata)));
    }
}
