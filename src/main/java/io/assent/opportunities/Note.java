package io.assent.opportunities;

import java.time.Instant;
import java.util.UUID;

record Note(UUID id, UUID opportunityId, String body, String author, Instant createdAt) {
}
