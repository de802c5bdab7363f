package io.assent.consumer;

import java.time.Instant;
import java.util.List;

/** One read of a grant's data by a partner (D17): when, by which client, which categories. */
public record GrantAccess(String id, Instant accessedAt, String clientId, List<String> categories) {
}
