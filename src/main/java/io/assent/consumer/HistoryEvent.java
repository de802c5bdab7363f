package io.assent.consumer;

import java.time.Instant;
import java.util.Map;

/** One entry of the consumer's history (D17). */
public record HistoryEvent(String id, String type, Instant occurredAt, String actor, String summary,
                           Map<String, Object> details) {
}
