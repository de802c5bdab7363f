package io.assent.partnerportal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

import io.assent.products.DataCategory;
import io.assent.products.ProductContent;

/**
 * The field-level difference between two product contents (D19: versions compared field by field).
 * Metadata is compared key by key; unchanged fields are left out.
 */
public record ProductDiff(List<Change> changes) {

    /** One field whose value differs; an absent value is shown as an empty string. */
    public record Change(String field, String before, String after) {
    }

    static ProductDiff between(ProductContent before, ProductContent after) {
        List<Change> changes = new ArrayList<>();
        add(changes, "name", before.name(), after.name());
        add(changes, "description", before.description().orElse(""), after.description().orElse(""));
        add(changes, "purpose", before.purpose().orElse(""), after.purpose().orElse(""));
        add(changes, "data_categories", categories(before.dataCategories()), categories(after.dataCategories()));
        add(changes, "retention_days", before.retentionDays().map(String::valueOf).orElse(""),
                after.retentionDays().map(String::valueOf).orElse(""));
        TreeSet<String> keys = new TreeSet<>(before.metadata().keySet());
        keys.addAll(after.metadata().keySet());
        for (String key : keys) {
            add(changes, "metadata." + key, before.metadata().getOrDefault(key, ""), after.metadata().getOrDefault(key, ""));
        }
        return new ProductDiff(List.copyOf(changes));
    }

    public boolean isEmpty() {
        return changes.isEmpty();
    }

    private static void add(List<Change> changes, String field, String before, String after) {
        if (!Objects.equals(before, after)) {
            changes.add(new Change(field, before, after));
        }
    }

    private static String categories(List<DataCategory> categories) {
        return String.join(", ", categories.stream().map(DataCategory::wireName).toList());
    }
}
