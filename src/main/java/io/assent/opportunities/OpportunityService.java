package io.assent.opportunities;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Cursor;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Tenant;
import io.assent.platform.validation.Metadata;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Opportunities: the partner's CRM record of each consent session (D11, D18). The system's stage
 * moves happen inside the session's own transactions; the partner's changes (stage moves, owner,
 * metadata, outcome, notes, tasks) come from the API and the partner portal alike, so both follow
 * the same rules and write the same timeline.
 *
 * <p>Every write locks the opportunity's row first ({@code select ... for update}), which is what
 * makes {@code If-Match} exact: of two changes based on the same version, the second one to get the
 * lock sees the first one's version and is refused.
 *
 * <p>Failures are {@link ApiException}s: 404 {@code not_found} for an opportunity or task the tenant
 * does not have, 400 {@code validation_failed} with field details, 409 {@code version_conflict}
 * (its {@code ETag} header and details name the current version) and 409
 * {@code invalid_state_transition}.
 */
@Service
public class OpportunityService {

    static final String SYSTEM = Actor.SYSTEM.name();
    public static final int MAX_OWNER = 200;
    public static final int MAX_NOTE = 10_000;
    public static final int MAX_TITLE = 500;
    public static final int MAX_ASSIGNEE = 200;

    private static final TypeReference<Map<String, String>> METADATA = new TypeReference<>() {
    };

    private final OpportunityRepository opportunities;
    private final Clock clock;
    private final IdGenerator ids;
    private final JsonMapper json;

    public OpportunityService(OpportunityRepository opportunities, Clock clock, IdGenerator ids, JsonMapper json) {
        this.opportunities = opportunities;
        this.clock = clock;
        this.ids = ids;
        this.json = json;
    }

    /** The opportunity a new session brings, in stage {@code new}; {@code id} is the one the session already names. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void createForSession(UUID id, Tenant tenant, UUID productId, UUID sessionId, Optional<String> externalReference) {
        Instant now = now();
        opportunities.insert(id, tenant, productId, sessionId, externalReference, now);
        opportunities.addTimelineEntry(id, "stage_changed", now, SYSTEM, details(Map.of("from", "none", "to", Stage.NEW.wireName())));
    }

    /** Records what happened to the session on the timeline and makes the system's stage move, if any. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void onSessionEvent(UUID sessionId, Stage.SessionEvent event, String webhookEvent) {
        OpportunityRepository.Current current = opportunities.lockBySession(sessionId).orElseThrow();
        Instant now = now();
        if (webhookEvent != null) {
            opportunities.addTimelineEntry(current.id(), "session_event", now, SYSTEM, details(Map.of("event", webhookEvent)));
        }
        current.stage().afterSessionEvent(event).ifPresent(to -> {
            opportunities.moveStage(current.id(), to, now);
            opportunities.addTimelineEntry(current.id(), "stage_changed", now, SYSTEM,
                    details(Map.of("from", current.stage().wireName(), "to", to.wireName())));
        });
    }

    /** The tenant's opportunities matching the filter, newest first, one keyset page (D10, D18). */
    @Transactional(readOnly = true)
    public Page<Opportunity> list(Tenant tenant, OpportunityFilter filter, PageRequest page) {
        List<Opportunity> rows = opportunities.list(tenant, filter, page);
        return Page.of(rows, page, o -> new Cursor(o.createdAt(), o.id()));
    }

    /** How many of the tenant's opportunities are in each stage; every stage is present, maybe with 0. */
    @Transactional(readOnly = true)
    public Map<Stage, Long> stageCounts(Tenant tenant) {
        Map<Stage, Long> counts = opportunities.stageCounts(tenant);
        for (Stage stage : Stage.values()) {
            counts.putIfAbsent(stage, 0L);
        }
        return counts;
    }

    /** The tenant's opportunity with its timeline, notes and tasks; empty for anyone else's. */
    @Transactional(readOnly = true)
    public Optional<OpportunityDetail> find(Tenant tenant, UUID id) {
        return opportunities.find(tenant, id).map(o -> new OpportunityDetail(o, opportunities.timeline(o.id()),
                opportunities.notes(o.id()), opportunities.tasks(o.id())));
    }

    /**
     * Applies the partner's changes (D11, D18) and answers the opportunity as it now is.
     *
     * @param ifMatchVersion the version the caller based the change on ({@code If-Match}); empty
     *                       applies it to the current version
     * @param actor          who is making the change, for the timeline
     */
    @Transactional
    public Opportunity update(Tenant tenant, UUID id, OpportunityPatch patch, Optional<Long> ifMatchVersion, Actor actor) {
        validate(patch);
        Opportunity current = opportunities.lock(tenant, id).orElseThrow(ApiException::notFound);
        if (ifMatchVersion.isPresent() && ifMatchVersion.get() != current.version()) {
            throw versionConflict(current.version());
        }
        Optional<Stage> move = patch.stage();
        if (move.isPresent() && !current.stage().partnerMayMoveTo(move.get())) {
            throw new ApiException(HttpStatus.CONFLICT, "invalid_state_transition",
                    "An opportunity in stage " + current.stage().wireName() + " cannot be moved to "
                            + move.get().wireName() + ".");
        }
        Stage stage = move.orElse(current.stage());
        Optional<String> owner = patch.owner().orElse(current.owner());
        Map<String, String> oldMetadata = metadata(current.metadata());
        Map<String, String> metadata = patch.metadata().orElse(oldMetadata);
        Optional<JsonNode> oldOutcome = current.outcome().map(json::readTree);
        Optional<JsonNode> outcome = patch.outcome().isPresent() ? patch.outcome().get().map(this::outcomeJson) : oldOutcome;

        boolean stageChanged = stage != current.stage();
        boolean metadataChanged = !metadata.equals(oldMetadata);
        boolean outcomeChanged = !outcome.equals(oldOutcome);
        if (!stageChanged && !metadataChanged && !outcomeChanged && owner.equals(current.owner())) {
            // Nothing changes, so there is no new version to count and nothing for the timeline.
            return current;
        }
        Instant now = now();
        opportunities.update(id, stage, owner, json.writeValueAsString(new TreeMap<>(metadata)),
                outcome.map(json::writeValueAsString), now);
        if (stageChanged) {
            opportunities.addTimelineEntry(id, "stage_changed", now, actor.name(),
                    details(Map.of("from", current.stage().wireName(), "to", stage.wireName())));
        }
        if (outcomeChanged) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("outcome", outcome.orElse(json.nullNode()));
            opportunities.addTimelineEntry(id, "outcome_set", now, actor.name(), json.writeValueAsString(details));
        }
        if (metadataChanged) {
            opportunities.refreshSearchText(id, current.externalReference(), metadata.values());
        }
        return opportunities.find(tenant, id).orElseThrow();
    }

    /** Adds an internal note (D18); the opportunity's version stays as it is. */
    @Transactional
    public Note addNote(Tenant tenant, UUID opportunityId, String body, Actor actor) {
        if (body == null || body.isEmpty() || body.length() > MAX_NOTE) {
            throw ApiException.validationFailed("The note is not valid.",
                    List.of(new FieldProblem("body", "is required: 1 to " + MAX_NOTE + " characters")));
        }
        Opportunity opportunity = opportunities.lock(tenant, opportunityId).orElseThrow(ApiException::notFound);
        Note note = new Note(ids.newId(), opportunityId, body, actor.name(), now());
        opportunities.insertNote(note);
        opportunities.addTimelineEntry(opportunityId, "note_added", note.createdAt(), actor.name(),
                details(Map.of("note_id", note.id().toString())));
        opportunities.refreshSearchText(opportunityId, opportunity.externalReference(), metadata(opportunity.metadata()).values());
        return note;
    }

    /** Adds an open task (D18); the opportunity's version stays as it is. */
    @Transactional
    public OpportunityTask addTask(Tenant tenant, UUID opportunityId, NewTask task, Actor actor) {
        List<FieldProblem> problems = new ArrayList<>();
        checkTitle(Optional.ofNullable(task.title()), problems);
        task.assignee().ifPresent(a -> checkAssignee(a, problems));
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The task is not valid.", problems);
        }
        Opportunity opportunity = opportunities.lock(tenant, opportunityId).orElseThrow(ApiException::notFound);
        OpportunityTask created = new OpportunityTask(ids.newId(), opportunityId, task.title(), task.dueAt(),
                task.assignee(), TaskStatus.OPEN, now(), Optional.empty());
        opportunities.insertTask(created);
        opportunities.addTimelineEntry(opportunityId, "task_added", created.createdAt(), actor.name(),
                details(Map.of("task_id", created.id().toString(), "title", created.title())));
        opportunities.refreshSearchText(opportunityId, opportunity.externalReference(), metadata(opportunity.metadata()).values());
        return created;
    }

    /** Changes a task (D18); {@code completed_at} follows the status. The opportunity's version stays. */
    @Transactional
    public OpportunityTask updateTask(Tenant tenant, UUID opportunityId, UUID taskId, TaskPatch patch, Actor actor) {
        List<FieldProblem> problems = new ArrayList<>();
        patch.title().ifPresent(t -> checkTitle(Optional.of(t), problems));
        patch.assignee().flatMap(a -> a).ifPresent(a -> checkAssignee(a, problems));
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The task is not valid.", problems);
        }
        Opportunity opportunity = opportunities.lock(tenant, opportunityId).orElseThrow(ApiException::notFound);
        OpportunityTask current = opportunities.task(opportunityId, taskId).orElseThrow(ApiException::notFound);
        Instant now = now();
        TaskStatus status = patch.status().orElse(current.status());
        Optional<Instant> completedAt = status == TaskStatus.OPEN ? Optional.empty()
                : current.status() == TaskStatus.DONE ? current.completedAt() : Optional.of(now);
        OpportunityTask changed = new OpportunityTask(current.id(), opportunityId, patch.title().orElse(current.title()),
                patch.dueAt().orElse(current.dueAt()), patch.assignee().orElse(current.assignee()), status,
                current.createdAt(), completedAt);
        List<String> fields = new ArrayList<>();
        if (!changed.title().equals(current.title())) {
            fields.add("title");
        }
        if (!changed.dueAt().equals(current.dueAt())) {
            fields.add("due_at");
        }
        if (!changed.assignee().equals(current.assignee())) {
            fields.add("assignee");
        }
        if (changed.status() != current.status()) {
            fields.add("status");
        }
        if (fields.isEmpty()) {
            return current;
        }
        opportunities.updateTask(changed);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("task_id", taskId.toString());
        details.put("fields", fields);
        details.put("status", status.wireName());
        opportunities.addTimelineEntry(opportunityId, "task_updated", now, actor.name(), json.writeValueAsString(details));
        if (fields.contains("title")) {
            opportunities.refreshSearchText(opportunityId, opportunity.externalReference(),
                    metadata(opportunity.metadata()).values());
        }
        return changed;
    }

    private void validate(OpportunityPatch patch) {
        List<FieldProblem> problems = new ArrayList<>();
        patch.owner().flatMap(o -> o).filter(o -> o.length() > MAX_OWNER)
                .ifPresent(o -> problems.add(new FieldProblem("owner", "must be at most " + MAX_OWNER + " characters")));
        patch.metadata().ifPresent(m -> problems.addAll(Metadata.problems("metadata", m)));
        patch.outcome().flatMap(o -> o).ifPresent(o -> problems.addAll(o.problems("outcome")));
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The changes are not valid.", problems);
        }
    }

    private static void checkTitle(Optional<String> title, List<FieldProblem> problems) {
        if (title.isEmpty() || title.get().isEmpty() || title.get().length() > MAX_TITLE) {
            problems.add(new FieldProblem("title", "is required: 1 to " + MAX_TITLE + " characters"));
        }
    }

    private static void checkAssignee(String assignee, List<FieldProblem> problems) {
        if (assignee.length() > MAX_ASSIGNEE) {
            problems.add(new FieldProblem("assignee", "must be at most " + MAX_ASSIGNEE + " characters"));
        }
    }

    /**
     * 409 {@code version_conflict} naming the current version twice: in {@code ETag}, as a GET would,
     * for programs, and in {@code details} for people reading the body.
     */
    private static ApiException versionConflict(int currentVersion) {
        return new ApiException(HttpStatus.CONFLICT, "version_conflict",
                "The opportunity has changed since the version in If-Match; its current version is " + currentVersion
                        + ". Read it again and reapply the change.",
                List.of(new FieldProblem("version", "current version is " + currentVersion)),
                Map.of("ETag", "\"" + currentVersion + "\""));
    }

    /** To the microsecond the databases keep, so that what a write answers equals what a read shows. */
    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    private JsonNode outcomeJson(Outcome outcome) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("result", outcome.result());
        fields.put("reason", outcome.reason().orElse(null));
        fields.put("amount_minor", outcome.amountMinor().orElse(null));
        fields.put("currency", outcome.currency().orElse(null));
        // Through text, so that numbers compare equal to the stored outcome read back (an int node, not a long one).
        return json.readTree(json.writeValueAsString(fields));
    }

    private Map<String, String> metadata(String stored) {
        return json.readValue(stored, METADATA);
    }

    private String details(Map<String, Object> details) {
        return json.writeValueAsString(new LinkedHashMap<>(details));
    }
}
