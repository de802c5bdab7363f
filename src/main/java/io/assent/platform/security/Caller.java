package io.assent.platform.security;

import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Who is calling the API, however they proved it (Basic client credentials or a bearer token).
 *
 * @param clientId the OAuth client the call is made through
 * @param userId   the consumer or staff user, for user tokens
 * @param tenant   the partner and environment, for partner clients
 * @param scopes   what the call may do
 * @param expiresAt when the credentials expire (bearer tokens; client credentials do not)
 */
public record Caller(String clientId, Optional<UUID> userId, Optional<Tenant> tenant, Set<String> scopes,
                     Optional<java.time.Instant> expiresAt) {

    public Caller {
        scopes = Set.copyOf(scopes);
    }

    public boolean hasScope(String scope) {
        return scopes.contains(scope);
    }

    /** The key under which this caller's idempotency keys and rate limits are kept. */
    public String key() {
        return userId.map(user -> clientId + "/" + user).orElse(clientId);
    }
}
