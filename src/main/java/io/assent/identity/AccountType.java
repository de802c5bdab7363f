package io.assent.identity;

import java.util.Arrays;
import java.util.Optional;

/** Consumers answer consent sessions; staff run partner portals and admin functions (D5). */
public enum AccountType {
    CONSUMER, STAFF;

    public String wireName() {
        return name().toLowerCase();
    }

    public static Optional<AccountType> fromWire(String value) {
        return Arrays.stream(values()).filter(t -> t.wireName().equals(value)).findFirst();
    }
}
