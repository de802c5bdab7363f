package io.assent.webhooks;

import java.util.Arrays;
import java.util.Optional;

/** The events partners can subscribe to (spec "Events"). */
public enum WebhookEvent {
    SESSION_GRANTED("session.granted"),
    SESSION_DENIED("session.denied"),
    SESSION_EXPIRED("session.expired"),
    GRANT_REVOKED("grant.revoked");

    private final String wireName;

    WebhookEvent(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<WebhookEvent> fromWire(String value) {
        return Arrays.stream(values()).filter(e -> e.wireName.equals(value)).findFirst();
    }
}
