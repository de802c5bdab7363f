package io.assent.partners;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import io.assent.platform.security.Environment;

/** What it takes to register a client. */
public record NewClient(Optional<UUID> partnerId, String name, ClientType type, Environment environment,
                        Set<String> scopes, List<String> redirectUris, List<String> allowedOrigins) {
}
