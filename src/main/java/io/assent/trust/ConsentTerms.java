package io.assent.trust;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * What a consumer agreed to, as a receipt states it (D20): who asked, for which product version,
 * which data, why, for how long, and how the answer was collected. The sessions feature fills it
 * from the grant it has just written.
 */
public record ConsentTerms(UUID sessionId, UUID grantId, UUID consumerId, Party partner, Terms product,
                           String collectionMethod, Instant consentAt) {

    /** The partner that received the consent and how to reach it. */
    public record Party(UUID id, String name, String contact) {
    }

    /** The pinned product version the consumer read. */
    public record Terms(UUID id, String name, int version, Optional<String> purpose, List<String> dataCategories,
                        Optional<Integer> retentionDays) {
    }
}
