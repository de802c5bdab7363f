package io.assent.platform.idempotency;

import java.time.Instant;
import java.util.Optional;

/**
 * One key's state: held by a running request until {@code leaseUntil}, or done with its response.
 */
record IdempotencyRecord(String requestHash, Instant createdAt, Instant leaseUntil, Optional<StoredResponse> response) {

    boolean isDone() {
        return response.isPresent();
    }
}
