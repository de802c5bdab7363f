package io.assent.consumer;

import java.time.Instant;

/** A contact of the consumer (D17): an e-mail address or an E.164 phone number. */
public record Contact(String id, String kind, String value, String label, boolean isPrimary, Instant createdAt,
                      Instant updatedAt) {
}
