package io.assent.webhooks;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The status of a webhook endpoint (D13) and its allowed moves: PATCH pauses and reactivates, DELETE
 * disables, and disabled is terminal.
 */
public enum EndpointStatus {
    ACTIVE, PAUSED, DISABLED;

    private static final Map<EndpointStatus, Set<EndpointStatus>> MOVES = Map.of(
            ACTIVE, Set.of(ACTIVE, PAUSED, DISABLED),
            PAUSED, Set.of(ACTIVE, PAUSED, DISABLED),
            DISABLED, Set.of());

    public boolean canMoveTo(EndpointStatus next) {
        return MOVES.get(this).contains(next);
    }

    public String wireName() {
        return name().toLowerCase();
    }

    public static Optional<EndpointStatus> fromWire(String value) {
        return Arrays.stream(values()).filter(s -> s.wireName().equals(value)).findFirst();
    }
}
