package io.assent.oauth;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** An issued authorization code (kept as a digest) and what it was issued for. */
record AuthorizationCode(String codeHash, UUID clientId, UUID userId, String redirectUri, Set<String> scopes,
                         String codeChallenge, Instant createdAt, Instant expiresAt, Optional<Instant> usedAt,
                         Optional<UUID> chainId) {
}
