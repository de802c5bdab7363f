package io.assent.sessions;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** The payload of {@code GET /sessions/{id}/data} (D7): one key per consented category, nothing else. */
public record ConsentedData(UUID sessionId, UUID productId, int productVersion, Instant grantedAt, Map<String, Object> data) {
}
