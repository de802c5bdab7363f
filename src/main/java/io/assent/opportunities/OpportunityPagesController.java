package io.assent.opportunities;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

import io.assent.partnerportal.PartnerPortalPage;
import io.assent.partnerportal.Portal;
import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.PageRequest;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The opportunity board of the partner portal (D19): a column per stage with its count, and each
 * opportunity with its timeline, notes and tasks. It lives with the opportunities feature because it
 * reads the feature's own types; every change goes through {@link OpportunityService}.
 */
@Controller
@PartnerPortalPage
public class OpportunityPagesController {

    static final String BOARD = Portal.ENV + "/opportunities";
    /** How many cards each column shows; the count says how many there are. */
    private static final int CARDS_PER_COLUMN = 20;
    private static final TypeReference<Map<String, Object>> DETAILS = new TypeReference<>() { };

    /** One column of the board. */
    public record Column(String stage, long count, List<Card> cards) {
    }

    /** An opportunity on the board. */
    public record Card(UUID id, String title, Instant updatedAt) {

        static Card of(Opportunity o) {
            return new Card(o.id(), titleOf(o), o.updatedAt());
        }
    }

    /** An opportunity on its page; {@code version} goes into the forms so that a stale edit is refused. */
    public record View(UUID id, String title, String stage, String owner, int version, UUID sessionId, UUID productId,
                       Instant createdAt, Instant updatedAt) {

        static View of(Opportunity o) {
            return new View(o.id(), titleOf(o), o.stage().wireName(), o.owner().orElse(""), o.version(), o.sessionId(),
                    o.productId(), o.createdAt(), o.updatedAt());
        }
    }

    public record NoteView(String body, String author, Instant createdAt) {
    }

    public record TaskView(UUID id, String title, String status, String assignee, Optional<Instant> dueAt) {
    }

    /** A timeline entry as a sentence. */
    public record Line(String type, Instant when, String actor, String text) {
    }

    private final OpportunityService opportunities;
    private final JsonMapper json;

    OpportunityPagesController(OpportunityService opportunities, JsonMapper json) {
        this.opportunities = opportunities;
        this.json = json;
    }

    @GetMapping(BOARD)
    String board(Portal portal, Model model) {
        Map<Stage, Long> counts = opportunities.stageCounts(portal.tenant());
        List<Column> columns = new ArrayList<>();
        for (Stage stage : Stage.values()) {
            List<Opportunity> cards = opportunities.list(portal.tenant(), new OpportunityFilter(Set.of(stage), Optional.empty(),
                    Optional.empty(), Optional.empty(), Optional.empty()), PageRequest.of(String.valueOf(CARDS_PER_COLUMN), null)).data();
            columns.add(new Column(stage.wireName(), counts.get(stage), cards.stream().map(Card::of).toList()));
        }
        model.addAttribute("columns", columns);
        return "partner/opportunities";
    }

    @GetMapping(BOARD + "/{id}")
    String opportunity(Portal portal, @PathVariable String id, Model model) {
        OpportunityDetail detail = IdGenerator.parse(id).flatMap(oid -> opportunities.find(portal.tenant(), oid))
                .orElseThrow(ApiException::notFound);
        model.addAttribute("opportunity", View.of(detail.opportunity()));
        model.addAttribute("timeline", detail.timeline().stream().map(this::line).toList());
        model.addAttribute("notes", detail.notes().stream().map(n -> new NoteView(n.body(), n.author(), n.createdAt())).toList());
        model.addAttribute("tasks", detail.tasks().stream().map(t -> new TaskView(t.id(), t.title(), t.status(),
                t.assignee().orElse(""), t.dueAt())).toList());
        model.addAttribute("moves", Arrays.stream(Stage.values()).filter(detail.opportunity().stage()::partnerMayMoveTo)
                .map(Stage::wireName).toList());
        return "partner/opportunity";
    }

    private Line line(TimelineEntry entry) {
        Map<String, Object> details = json.readValue(entry.details(), DETAILS);
        String text = switch (entry.type()) {
            case "stage_changed" -> "Stage " + details.get("from") + " → " + details.get("to");
            case "session_event" -> "Session event " + details.get("event");
            case "note_added" -> "Note added";
            case "task_added" -> "Task added" + Optional.ofNullable(details.get("title")).map(t -> ": " + t).orElse("");
            case "task_updated" -> "Task updated" + Optional.ofNullable(details.get("status")).map(s -> " (" + s + ")").orElse("");
            case "outcome_set" -> "Outcome set";
            default -> entry.type();
        };
        return new Line(entry.type(), entry.occurredAt(), entry.actor(), text);
    }

    private static String titleOf(Opportunity o) {
        return o.externalReference().orElse("Opportunity " + o.id().toString().substring(0, 8));
    }
}
