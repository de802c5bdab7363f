package io.assent.consumer;

import java.time.Instant;

/** A notification for the consumer (D17); {@code read_at} is null until read. */
public record Notification(String id, String type, String title, String body, String link, Instant createdAt,
                           Instant readAt) {
}
