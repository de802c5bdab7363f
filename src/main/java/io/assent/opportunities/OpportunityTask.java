package io.assent.opportunities;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

record OpportunityTask(UUID id, UUID opportunityId, String title, Optional<Instant> dueAt, Optional<String> assignee,
                       String status, Instant createdAt, Optional<Instant> completedAt) {
}
