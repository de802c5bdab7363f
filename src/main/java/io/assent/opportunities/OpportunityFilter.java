package io.assent.opportunities;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** The list filters of D10/D18; an empty set of stages means any stage. */
record OpportunityFilter(Set<Stage> stages, Optional<UUID> productId, Optional<String> externalReference,
                         Optional<Instant> createdAfter, Optional<Instant> updatedAfter) {
}
