package io.assent.sessions;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Session status (spec "Session status", D7) and its allowed moves: pending -> granted | denied |
 * expired | revoked; granted -> revoked. Denied, expired and revoked are terminal.
 */
public enum SessionStatus {
    PENDING, GRANTED, DENIED, EXPIRED, REVOKED;

    private static final Map<SessionStatus, Set<SessionStatus>> MOVES = Map.of(
            PENDING, EnumSet.of(GRANTED, DENIED, EXPIRED, REVOKED),
            GRANTED, EnumSet.of(REVOKED));

    public String wireName() {
        return name().toLowerCase();
    }

    public static Optional<SessionStatus> fromWire(String value) {
        return Arrays.stream(values()).filter(s -> s.wireName().equals(value)).findFirst();
    }

    public boolean canMoveTo(SessionStatus to) {
        return MOVES.getOrDefault(this, Set.of()).contains(to);
    }

    public boolean isTerminal() {
        return !MOVES.containsKey(this);
    }
}
