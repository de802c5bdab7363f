package io.assent.webhooks;

import java.util.Arrays;
import java.util.Optional;

/**
 * The status of a delivery: pending until an attempt succeeds (succeeded) or the retry window ends
 * or the endpoint is disabled (failed). Both ends are terminal; a redelivery is a new delivery.
 */
public enum DeliveryStatus {
    PENDING, SUCCEEDED, FAILED;

    public String wireName() {
        return name().toLowerCase();
    }

    public static Optional<DeliveryStatus> fromWire(String value) {
        return Arrays.stream(values()).filter(s -> s.wireName().equals(value)).findFirst();
    }
}
