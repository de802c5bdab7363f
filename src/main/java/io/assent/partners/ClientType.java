package io.assent.partners;

import java.util.Arrays;
import java.util.Optional;

/** RFC 6749 section 2.1: whether a client can keep a secret. */
public enum ClientType {
    CONFIDENTIAL, PUBLIC;

    public String wireName() {
        return name().toLowerCase();
    }

    public static Optional<ClientType> fromWire(String value) {
        return Arrays.stream(values()).filter(t -> t.wireName().equals(value)).findFirst();
    }
}
