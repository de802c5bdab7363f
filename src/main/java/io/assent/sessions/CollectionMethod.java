package io.assent.sessions;

/** How the consumer's answer was collected (D20 receipts name it). */
public enum CollectionMethod {
    SESSION_PAGE, API, EMBED;

    public String wireName() {
        return name().toLowerCase();
    }

    public static CollectionMethod fromWire(String value) {
        return valueOf(value.toUpperCase());
    }
}
