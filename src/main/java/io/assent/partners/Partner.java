package io.assent.partners;

import java.time.Instant;
import java.util.UUID;

/** An organisation that asks consumers for their data (D6). */
public record Partner(UUID id, String name, String ownerEmail, Instant createdAt) {
}
