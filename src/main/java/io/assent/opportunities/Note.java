package io.assent.opportunities;

import java.time.Instant;
import java.util.UUID;

/** An internal note on an opportunity (D18); {@code author} is the client id or staff e-mail. */
public record Note(UUID id, UUID opportunityId, String body, String author, Instant createdAt) {
}
