package io.assent.products;

import java.util.Arrays;
import java.util.Optional;

/** Product lifecycle_status (spec "Product lifecycle_status"); archived is terminal (D8). */
public enum LifecycleStatus {
    DRAFT, PUBLISHED, ARCHIVED;

    public String wireName() {
        return name().toLowerCase();
    }

    public static Optional<LifecycleStatus> fromWire(String value) {
        return Arrays.stream(values()).filter(s -> s.wireName().equals(value)).findFirst();
    }
}
