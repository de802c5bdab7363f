package io.assent.opportunities;

import java.time.Instant;
import java.util.UUID;

/** One timeline row; {@code details} is the stored JSON text. */
public record TimelineEntry(UUID id, String type, Instant occurredAt, String actor, String details) {
}
