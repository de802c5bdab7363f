package io.assent.products;

import java.time.Instant;
import java.util.UUID;

/** An immutable published snapshot of a product's draft. */
public record ProductVersion(UUID productId, int version, Instant publishedAt, ProductContent content) {
}
