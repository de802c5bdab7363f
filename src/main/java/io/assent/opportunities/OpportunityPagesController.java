package io.assent.opportunities;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import io.assent.partnerportal.FormProblems;
import io.assent.partnerportal.PartnerPortalPage;
import io.assent.partnerportal.Portal;
import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.PageRequest;

/**
 * The opportunity board of the partner portal (D19): a column per stage with its count, search,
 * and each opportunity with its timeline, notes, tasks and stage moves. It lives with the
 * opportunities feature because it reads the feature's own types. Every change goes through
 * {@link OpportunityService} with the staff member as the actor, so it is refused and recorded
 * exactly as the API's would be; forms that change versioned fields carry the version the page
 * showed, the service's {@code If-Match}, so an edit made on a stale page is refused (409
 * {@code version_conflict}) and the page shows what the opportunity is now.
 */
@Controller
@PartnerPortalPage
public class OpportunityPagesController {

    static final String BOARD = Portal.ENV + "/opportunities";
    /** How many cards each column shows, and search answers; the counts say how many there are. */
    private static final int CARDS_PER_COLUMN = 20;
    private static final int SEARCH_RESULTS = 50;
    private static final TypeReference<Map<String, Object>> DETAILS = new TypeReference<>() { };

    /** One column of the board. */
    public record Column(String stage, long count, List<Card> cards) {
    }

    /** An opportunity on the board, with the moves a partner may make from its stage. */
    public record Card(UUID id, String title, String stage, int version, List<String> moves, Instant updatedAt) {

        static Card of(Opportunity o) {
            return new Card(o.id(), titleOf(o), o.stage().wireName(), o.version(), movesFrom(o.stage()), o.updatedAt());
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

    /** A change of a versioned field: a stage move or the owner, based on the version the page showed. */
    public record ChangeForm(String stage, String owner, Long version, String back) {
    }

    public record NoteForm(String body) {
    }

    public record TaskForm(String title, String dueDate, String assignee) {
    }

    private final OpportunityService opportunities;
    private final JsonMapper json;

    OpportunityPagesController(OpportunityService opportunities, JsonMapper json) {
        this.opportunities = opportunities;
        this.json = json;
    }

    @GetMapping(BOARD)
    String board(Portal portal, @RequestParam Optional<String> q, HttpServletResponse response, Model model) {
        Optional<String> search = q.map(String::strip).filter(text -> !text.isEmpty());
        model.addAttribute("q", search.orElse(""));
        if (search.isPresent()) {
            try {
                model.addAttribute("results", opportunities.list(portal.tenant(), filter(Set.of(), search),
                        PageRequest.of(String.valueOf(SEARCH_RESULTS), null)).data().stream().map(Card::of).toList());
                return "partner/opportunities";
            } catch (ApiException refused) {
                response.setStatus(refused.status().value());
                model.addAttribute("searchProblem", refused.getMessage());
            }
        }
        Map<Stage, Long> counts = opportunities.stageCounts(portal.tenant());
        List<Column> columns = new ArrayList<>();
        for (Stage stage : Stage.values()) {
            List<Opportunity> cards = opportunities.list(portal.tenant(), filter(Set.of(stage), Optional.empty()),
                    PageRequest.of(String.valueOf(CARDS_PER_COLUMN), null)).data();
            columns.add(new Column(stage.wireName(), counts.get(stage), cards.stream().map(Card::of).toList()));
        }
        model.addAttribute("columns", columns);
        return "partner/opportunities";
    }

    @GetMapping(BOARD + "/{id}")
    String opportunity(Portal portal, @PathVariable String id, Model model) {
        return page(portal, id(id), model, FormProblems.NONE);
    }

    /** A stage move or a new owner, from the board or the opportunity's page. */
    @PostMapping(BOARD + "/{id}")
    String change(Portal portal, @PathVariable String id, @ModelAttribute ChangeForm form, HttpServletResponse response,
                  Model model) {
        UUID opportunityId = id(id);
        OpportunityPatch patch = OpportunityPatch.empty();
        if (form.stage() != null && !form.stage().isBlank()) {
            patch = patch.withStage(Stage.fromWire(form.stage()).orElseThrow(() -> ApiException.invalidRequest("Unknown stage.")));
        }
        if (form.owner() != null) {
            patch = patch.withOwner(Optional.of(form.owner().strip()).filter(o -> !o.isEmpty()));
        }
        try {
            // No version in the form (an old page) is no guarantee: refuse rather than overwrite blindly.
            long based = Optional.ofNullable(form.version()).orElseThrow(() -> ApiException.invalidRequest(
                    "The form has no version; reload the page."));
            opportunities.update(portal.tenant(), opportunityId, patch, Optional.of(based), Actor.staff(portal.actor()));
        } catch (ApiException refused) {
            return refused(portal, opportunityId, refused, response, model);
        }
        if ("board".equals(form.back())) {
            return "redirect:" + portal.home() + "/opportunities";
        }
        return "redirect:" + portal.home() + "/opportunities/" + opportunityId + "?saved";
    }

    @PostMapping(BOARD + "/{id}/notes")
    String addNote(Portal portal, @PathVariable String id, @ModelAttribute NoteForm form, HttpServletResponse response,
                   Model model) {
        UUID opportunityId = id(id);
        try {
            opportunities.addNote(portal.tenant(), opportunityId, form.body() == null ? "" : form.body().strip(),
                    Actor.staff(portal.actor()));
        } catch (ApiException refused) {
            return refused(portal, opportunityId, refused, response, model);
        }
        return "redirect:" + portal.home() + "/opportunities/" + opportunityId + "?noted";
    }

    @PostMapping(BOARD + "/{id}/tasks")
    String addTask(Portal portal, @PathVariable String id, @ModelAttribute TaskForm form, HttpServletResponse response,
                   Model model) {
        UUID opportunityId = id(id);
        try {
            opportunities.addTask(portal.tenant(), opportunityId, new NewTask(form.title() == null ? "" : form.title().strip(),
                    dueAt(form.dueDate()), text(form.assignee())), Actor.staff(portal.actor()));
        } catch (ApiException refused) {
            return refused(portal, opportunityId, refused, response, model);
        }
        return "redirect:" + portal.home() + "/opportunities/" + opportunityId + "?tasked";
    }

    @PostMapping(BOARD + "/{id}/tasks/{taskId}")
    String updateTask(Portal portal, @PathVariable String id, @PathVariable String taskId, @RequestParam String status,
                      HttpServletResponse response, Model model) {
        UUID opportunityId = id(id);
        try {
            TaskStatus next = TaskStatus.fromWire(status).orElseThrow(() -> ApiException.invalidRequest("Unknown task status."));
            opportunities.updateTask(portal.tenant(), opportunityId, id(taskId), TaskPatch.empty().withStatus(next),
                    Actor.staff(portal.actor()));
        } catch (ApiException refused) {
            return refused(portal, opportunityId, refused, response, model);
        }
        return "redirect:" + portal.home() + "/opportunities/" + opportunityId;
    }

    /**
     * The page again, as the opportunity is now, with the service's refusal on top: for a stale
     * edit, what changed since the page was read, so the member can decide again.
     */
    private String refused(Portal portal, UUID opportunityId, ApiException refused, HttpServletResponse response, Model model) {
        if (refused.status().value() == 404) {
            throw refused;
        }
        response.setStatus(refused.status().value());
        FormProblems problems = FormProblems.of(refused);
        if ("version_conflict".equals(refused.code())) {
            View now = View.of(opportunities.find(portal.tenant(), opportunityId).orElseThrow(ApiException::notFound).opportunity());
            problems = new FormProblems("Someone changed this opportunity after you opened the page, so your change was not saved. "
                    + "It is now in stage " + now.stage() + ", owner " + (now.owner().isEmpty() ? "nobody" : now.owner())
                    + ", version " + now.version() + ". Check the current values below and make your change again.",
                    Map.of());
        }
        return page(portal, opportunityId, model, problems);
    }

    private String page(Portal portal, UUID id, Model model, FormProblems problems) {
        OpportunityDetail detail = opportunities.find(portal.tenant(), id).orElseThrow(ApiException::notFound);
        model.addAttribute("opportunity", View.of(detail.opportunity()));
        model.addAttribute("moves", movesFrom(detail.opportunity().stage()));
        model.addAttribute("timeline", detail.timeline().stream().map(this::line).toList());
        model.addAttribute("notes", detail.notes().stream().map(n -> new NoteView(n.body(), n.author(), n.createdAt())).toList());
        model.addAttribute("tasks", detail.tasks().stream().map(t -> new TaskView(t.id(), t.title(), t.status().wireName(),
                t.assignee().orElse(""), t.dueAt())).toList());
        model.addAttribute("problems", problems);
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

    /** The moves of D11 a partner may make from this stage, as the service's table says. */
    private static List<String> movesFrom(Stage from) {
        return Arrays.stream(Stage.values()).filter(from::partnerMayMoveTo).map(Stage::wireName).toList();
    }

    private static OpportunityFilter filter(Set<Stage> stages, Optional<String> text) {
        return new OpportunityFilter(stages, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), text);
    }

    /** A due date picked on the page is the start of that day in UTC (the API takes an instant). */
    private static Optional<Instant> dueAt(String date) {
        if (date == null || date.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDate.parse(date.strip()).atStartOfDay(ZoneOffset.UTC).toInstant());
        } catch (DateTimeParseException e) {
            throw ApiException.validationFailed("The task is not valid.", List.of(new FieldProblem("due_at", "must be a date")));
        }
    }

    private static Optional<String> text(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
    }

    private static UUID id(String id) {
        return IdGenerator.parse(id).orElseThrow(ApiException::notFound);
    }

    private static String titleOf(Opportunity o) {
        return o.externalReference().orElse("Opportunity " + o.id().toString().substring(0, 8));
    }
}
