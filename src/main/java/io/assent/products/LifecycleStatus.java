package io.assent.products;

/** Product lifecycle_status (spec "Product lifecycle_status"); archived is terminal (D8). */
public enum LifecycleStatus {
    DRAFT, PUBLISHED, ARCHIVED;

    public String wireName() {
        return name().toLowerCase();
    }

    public static LifecycleStatus fromWire(String value) {
        return valueOf(value.toUpperCase());
    }
}
