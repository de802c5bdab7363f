package io.assent.webhooks;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

import io.assent.platform.error.ApiException;

/** The {@code subscribed_events} rule of D13: a non-empty subset of the four event names, or {@code ["*"]}. */
final class SubscribedEvents {

    static final String ALL = "*";

    private SubscribedEvents() {
    }

    static List<String> validate(List<String> requested) {
        if (requested == null || requested.isEmpty()) {
            throw ApiException.invalidRequest("subscribed_events must name at least one event, or be [\"*\"].");
        }
        if (requested.contains(ALL)) {
            if (requested.size() != 1) {
                throw ApiException.invalidRequest("subscribed_events is either [\"*\"] or a list of event names.");
            }
            return List.of(ALL);
        }
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (String name : requested) {
            if (name == null || WebhookEvent.fromWire(name).isEmpty()) {
                throw ApiException.invalidRequest("subscribed_events may hold session.granted, session.denied, "
                        + "session.expired and grant.revoked, or be [\"*\"].");
            }
            names.add(name);
        }
        return new ArrayList<>(names);
    }

    static String store(List<String> events) {
        return String.join(",", events);
    }

    static List<String> read(String stored) {
        return List.of(stored.split(","));
    }
}
