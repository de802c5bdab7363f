package io.assent.opportunities;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Opportunity stages and who may move them where (D11), as explicit tables: the moves a partner
 * may make, and the moves the system makes when the consent session changes.
 */
public enum Stage {
    NEW, CONSENT_PENDING, CONSENT_GRANTED, IN_REVIEW, APPROVED, DECLINED, WITHDRAWN, CLOSED;

    private static final Set<Stage> FINAL = EnumSet.of(DECLINED, WITHDRAWN, CLOSED);

    /** Partner moves (PATCH stage). Any non-final stage may also be closed. */
    private static final Map<Stage, Set<Stage>> PARTNER_MOVES = Map.of(
            CONSENT_GRANTED, EnumSet.of(IN_REVIEW),
            IN_REVIEW, EnumSet.of(APPROVED, DECLINED),
            APPROVED, EnumSet.of(CLOSED));

    public String wireName() {
        return name().toLowerCase();
    }

    public static Optional<Stage> fromWire(String value) {
        return Arrays.stream(values()).filter(s -> s.wireName().equals(value)).findFirst();
    }

    public boolean isFinal() {
        return FINAL.contains(this);
    }

    /** Whether a partner may move an opportunity from this stage to {@code to}. */
    public boolean partnerMayMoveTo(Stage to) {
        if (to == CLOSED && !isFinal()) {
            return true;
        }
        return PARTNER_MOVES.getOrDefault(this, Set.of()).contains(to);
    }

    /** Where the system moves an opportunity in this stage when its session changes; empty if it stays. */
    public Optional<Stage> afterSessionEvent(SessionEvent event) {
        Stage target = switch (event) {
            case OPENED -> this == NEW ? CONSENT_PENDING : null;
            case GRANTED -> this == NEW || this == CONSENT_PENDING ? CONSENT_GRANTED : null;
            case DENIED -> this == NEW || this == CONSENT_PENDING ? WITHDRAWN : null;
            case EXPIRED -> this == NEW || this == CONSENT_PENDING ? CLOSED : null;
            case CANCELLED -> isFinal() ? null : CLOSED;
            case GRANT_REVOKED -> isFinal() ? null : WITHDRAWN;
        };
        return Optional.ofNullable(target);
    }

    /** What happened to the opportunity's consent session. */
    public enum SessionEvent {
        /** A consumer opened (claimed) the session. */
        OPENED,
        GRANTED,
        DENIED,
        EXPIRED,
        /** The partner revoked the session before the consumer answered. */
        CANCELLED,
        /** The grant was revoked, by the consumer or the partner. */
        GRANT_REVOKED
    }
}
