package io.assent.partners;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import io.assent.platform.security.Environment;
import io.assent.platform.security.Tenant;

/**
 * An OAuth client: a partner's application, or a first-party app of the service itself when it has
 * no partner (D6).
 */
public record Client(UUID id, Optional<UUID> partnerId, String name, ClientType type, Environment environment,
                     Set<String> scopes, List<String> redirectUris, List<String> allowedOrigins,
                     boolean active, Instant createdAt) {

    public String clientId() {
        return id.toString();
    }

    /** The partner and environment everything this client creates belongs to. */
    public Optional<Tenant> tenant() {
        return partnerId.map(partner -> new Tenant(partner, environment));
    }
}
