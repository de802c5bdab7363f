package io.assent.consumer;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import java.util.UUID;

/** A stored document's metadata (D17). */
record Document(UUID id, UUID consumerId, DocumentType docType, String fileName, String contentType, long sizeBytes,
                String sha256, Optional<LocalDate> documentDate, Optional<LocalDate> expiresOn, Instant createdAt) {

    /** Expired once the day after {@code expires_on} has begun. */
    boolean expiredOn(LocalDate today) {
        return expiresOn.map(today::isAfter).orElse(false);
    }
}
