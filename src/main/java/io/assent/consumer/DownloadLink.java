package io.assent.consumer;

import java.time.Instant;

/** The answer of {@code GET /me/documents/{id}/download} (D17). */
public record DownloadLink(String url, Instant expiresAt) {
}
