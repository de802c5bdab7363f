package io.assent.consumer;

import java.time.Instant;

/** A postal address of the consumer (D17); {@code country} is ISO 3166-1 alpha-2. */
public record Address(String id, String label, String line1, String line2, String city, String region,
                      String postalCode, String country, boolean isPrimary, Instant createdAt, Instant updatedAt) {
}
