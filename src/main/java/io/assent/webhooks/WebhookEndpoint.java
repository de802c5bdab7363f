package io.assent.webhooks;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import io.assent.platform.security.Tenant;

/** A partner's webhook endpoint as stored, without its secrets. */
public record WebhookEndpoint(UUID id, Tenant tenant, String url, List<String> subscribedEvents, EndpointStatus status,
                              Optional<String> description, Instant createdAt) {

    public boolean subscribesTo(String event) {
        return subscribedEvents.contains(SubscribedEvents.ALL) || subscribedEvents.contains(event);
    }
}
