package io.assent.opportunities;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** A task on an opportunity (D18); {@code completedAt} is set while it is done. */
public record OpportunityTask(UUID id, UUID opportunityId, String title, Optional<Instant> dueAt, Optional<String> assignee,
                       TaskStatus status, Instant createdAt, Optional<Instant> completedAt) {
}
