package io.assent.opportunities;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The list filters of D10/D18; an empty set of stages means any stage. {@code text} is the
 * {@code q} search: a case-insensitive substring of the external reference, a metadata value, a
 * note body or a task title.
 */
public record OpportunityFilter(Set<Stage> stages, Optional<UUID> productId, Optional<String> externalReference,
                                Optional<Instant> createdAfter, Optional<Instant> updatedAfter, Optional<String> text) {

    /** No filter: every opportunity of the tenant. */
    public static OpportunityFilter none() {
        return new OpportunityFilter(Set.of(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty());
    }
}
