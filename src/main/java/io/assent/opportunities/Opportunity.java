package io.assent.opportunities;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** An opportunity row; {@code metadata} and {@code outcome} are the stored JSON text. */
public record Opportunity(UUID id, UUID productId, UUID sessionId, Optional<String> externalReference, Stage stage,
                   Optional<String> owner, String metadata, Optional<String> outcome, int version,
                   Instant createdAt, Instant updatedAt) {
}
