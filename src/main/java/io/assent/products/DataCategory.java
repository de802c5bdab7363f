package io.assent.products;

import java.util.Arrays;
import java.util.Optional;

/** The kinds of consumer data a product can ask for (D8); each becomes one key of the consented data (D7). */
public enum DataCategory {
    PROFILE, CONTACTS, ADDRESSES, DOCUMENTS;

    public String wireName() {
        return name().toLowerCase();
    }

    public static Optional<DataCategory> fromWire(String value) {
        return Arrays.stream(values()).filter(c -> c.wireName().equals(value)).findFirst();
    }
}
