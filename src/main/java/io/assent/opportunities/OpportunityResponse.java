package io.assent.opportunities;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Opportunity resource (D16, D18); {@code timeline}, {@code notes} and {@code tasks} only where
 * one opportunity is read.
 */
record OpportunityResponse(UUID id, UUID productId, Optional<String> externalReference, String stage, UUID sessionId,
                           int version, JsonNode outcome, JsonNode metadata, Optional<String> owner,
                           Instant createdAt, Instant updatedAt,
                           @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<List<Entry>> timeline,
                           @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<List<NoteResponse>> notes,
                           @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<List<TaskResponse>> tasks) {

    static OpportunityResponse of(Opportunity o, JsonMapper json) {
        return new OpportunityResponse(o.id(), o.productId(), o.externalReference(), o.stage().wireName(),
                o.sessionId(), o.version(), o.outcome().map(json::readTree).orElse(json.nullNode()),
                json.readTree(o.metadata()), o.owner(), o.createdAt(), o.updatedAt(),
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    static OpportunityResponse of(OpportunityDetail detail, JsonMapper json) {
        OpportunityResponse base = of(detail.opportunity(), json);
        return new OpportunityResponse(base.id, base.productId, base.externalReference, base.stage, base.sessionId,
                base.version, base.outcome, base.metadata, base.owner, base.createdAt, base.updatedAt,
                Optional.of(detail.timeline().stream()
                        .map(e -> new Entry(e.id(), e.type(), e.occurredAt(), e.actor(), json.readTree(e.details())))
                        .toList()),
                Optional.of(detail.notes().stream().map(NoteResponse::of).toList()),
                Optional.of(detail.tasks().stream().map(TaskResponse::of).toList()));
    }

    record Entry(UUID id, String type, Instant occurredAt, String actor, JsonNode details) {
    }

    record NoteResponse(UUID id, UUID opportunityId, String body, String author, Instant createdAt) {
        static NoteResponse of(Note n) {
            return new NoteResponse(n.id(), n.opportunityId(), n.body(), n.author(), n.createdAt());
        }
    }

    record TaskResponse(UUID id, UUID opportunityId, String title, Optional<Instant> dueAt, Optional<String> assignee,
                        String status, Instant createdAt, Optional<Instant> completedAt) {
        static TaskResponse of(OpportunityTask t) {
            return new TaskResponse(t.id(), t.opportunityId(), t.title(), t.dueAt(), t.assignee(), t.status().wireName(),
                    t.createdAt(), t.completedAt());
        }
    }
}
