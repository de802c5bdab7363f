package io.assent.products;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.assent.platform.error.ApiException;
import io.assent.platform.security.Environment;

/**
 * Reading the wire values of product requests that Jackson leaves as plain strings: an unknown
 * category, environment or status, or a JSON null where a string belongs, is 400
 * {@code invalid_request} naming the field, like a value of the wrong JSON type.
 */
final class ProductWire {

    private static final String CATEGORIES = Arrays.stream(DataCategory.values()).map(DataCategory::wireName)
            .collect(Collectors.joining(", "));
    private static final String STATUSES = Arrays.stream(LifecycleStatus.values()).map(LifecycleStatus::wireName)
            .collect(Collectors.joining(", "));

    private ProductWire() {
    }

    static List<DataCategory> categories(List<String> values) {
        List<DataCategory> categories = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            String value = values.get(i);
            int index = i;
            categories.add(DataCategory.fromWire(value).orElseThrow(() -> ApiException.invalidRequest(
                    "Field 'data_categories[" + index + "]' must be one of " + CATEGORIES + ", not " + quote(value) + ".")));
        }
        return categories;
    }

    static Map<String, String> metadata(Map<String, String> metadata) {
        metadata.forEach((key, value) -> {
            if (value == null) {
                throw ApiException.invalidRequest("Field 'metadata." + key + "' must be a string.");
            }
        });
        return metadata;
    }

    static Environment environment(String field, String value) {
        return Environment.fromWire(value).orElseThrow(() -> ApiException.invalidRequest(
                "'" + field + "' must be sandbox or production, not " + quote(value) + "."));
    }

    static LifecycleStatus lifecycleStatus(String value) {
        return LifecycleStatus.fromWire(value).orElseThrow(() -> ApiException.invalidRequest(
                "'lifecycle_status' must be one of " + STATUSES + ", not " + quote(value) + "."));
    }

    private static String quote(String value) {
        if (value == null) {
            return "null";
        }
        String shown = value.length() > 40 ? value.substring(0, 40) + "..." : value;
        return "'" + shown + "'";
    }
}
