package io.assent.webhooks;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** One event on its way to one endpoint, with every attempt made so far (D13 diagnostics). */
public record Delivery(UUID id, UUID endpointId, String event, UUID eventId, Optional<UUID> sessionId,
                       DeliveryStatus status, List<Attempt> attempts, Optional<Instant> nextAttemptAt, Instant createdAt) {

    /** One HTTP attempt: its HTTP status or the error that stopped it, how long it took and the start of the answer. */
    public record Attempt(int number, Instant attemptedAt, Optional<Integer> statusCode, Optional<String> error,
                          long latencyMs, Optional<String> responseBody) {
    }
}
