package io.assent.platform.security;

import java.util.Arrays;
import java.util.Optional;

/** Where a client, and everything it creates, lives (D6). */
public enum Environment {
    SANDBOX, PRODUCTION;

    public String wireName() {
        return name().toLowerCase();
    }

    public static Optional<Environment> fromWire(String value) {
        return Arrays.stream(values()).filter(e -> e.wireName().equals(value)).findFirst();
    }
}
