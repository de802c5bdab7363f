package io.assent.opportunities;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import io.assent.platform.error.ApiException;

/**
 * The list filters of D10/D18; an empty set of stages means any stage. {@code text} is the
 * {@code q} search: a case-insensitive substring of the external reference, a metadata value, a
 * note body or a task title, of {@value SearchText#MIN_QUERY} to {@value SearchText#MAX_QUERY}
 * characters (400 otherwise, for the API and the portal alike).
 */
public record OpportunityFilter(Set<Stage> stages, Optional<UUID> productId, Optional<String> externalReference,
                                Optional<Instant> createdAfter, Optional<Instant> updatedAfter, Optional<String> text) {

    public OpportunityFilter {
        if (text.filter(t -> t.length() < SearchText.MIN_QUERY || t.length() > SearchText.MAX_QUERY).isPresent()) {
            throw ApiException.invalidRequest("A search (q) needs " + SearchText.MIN_QUERY + " to "
                    + SearchText.MAX_QUERY + " characters.");
        }
    }

    /** No filter: every opportunity of the tenant. */
    public static OpportunityFilter none() {
        return new OpportunityFilter(Set.of(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty());
    }
}
