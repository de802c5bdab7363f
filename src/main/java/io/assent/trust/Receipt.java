package io.assent.trust;

import java.time.Instant;

/**
 * A stored consent receipt, as {@code GET /me/consents/{id}/receipts} and
 * {@code GET /sessions/{id}/receipts} list it (D20): the compact JWS is the receipt itself.
 */
public record Receipt(String id, String receiptType, Instant issuedAt, String jws) {
}
