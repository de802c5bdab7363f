package io.assent.consumer;

import java.time.Instant;
import java.time.LocalDate;

/** The Document resource (spec, D17); dates are {@code YYYY-MM-DD}. The storage location is never in it. */
public record DocumentView(String id, String docType, String fileName, String contentType, long sizeBytes, String sha256,
                           String documentDate, String expiresOn, boolean isExpired, Instant createdAt) {

    static DocumentView of(Document document, LocalDate today) {
        return new DocumentView(document.id().toString(), document.docType().wireName(), document.fileName(),
                document.contentType(), document.sizeBytes(), document.sha256(),
                document.documentDate().map(LocalDate::toString).orElse(null),
                document.expiresOn().map(LocalDate::toString).orElse(null), document.expiredOn(today), document.createdAt());
    }
}
