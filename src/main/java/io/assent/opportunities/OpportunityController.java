package io.assent.opportunities;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Caller;
import io.assent.platform.security.Tenant;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Opportunities API ({@code {base_url}/opportunities}, D11, D18): HTTP in, HTTP out; the rules
 * are {@link OpportunityService}'s.
 */
@RestController
@RequestMapping(OpportunityController.PATH)
public class OpportunityController {

    static final String PATH = PublicUrls.API_PREFIX + "/opportunities";
    private static final String READ = "hasAuthority('SCOPE_partner.opportunities.read')";
    private static final String WRITE = "hasAuthority('SCOPE_partner.opportunities.write')";

    private final OpportunityService opportunities;
    private final JsonMapper json;

    public OpportunityController(OpportunityService opportunities, JsonMapper json) {
        this.opportunities = opportunities;
        this.json = json;
    }

    @GetMapping
    @PreAuthorize(READ)
    public Page<OpportunityResponse> list(@AuthenticationPrincipal Caller caller,
                                          @RequestParam(name = "limit", required = false) String limit,
                                          @RequestParam(name = "cursor", required = false) String cursor,
                                          @RequestParam(name = "stage", required = false) List<String> stages,
                                          @RequestParam(name = "product_id", required = false) String productId,
                                          @RequestParam(name = "external_reference", required = false) String reference,
                                          @RequestParam(name = "created_after", required = false) String createdAfter,
                                          @RequestParam(name = "updated_after", required = false) String updatedAfter,
                                          @RequestParam(name = "q", required = false) String q) {
        Tenant tenant = tenant(caller);
        PageRequest page = PageRequest.of(limit, cursor);
        OpportunityFilter filter = new OpportunityFilter(
                stages == null ? Set.of() : stages.stream().map(s -> OpportunityWire.stage("stage", s)).collect(Collectors.toSet()),
                Optional.ofNullable(productId).map(p -> IdGenerator.parse(p).orElseThrow(
                        () -> ApiException.invalidRequest("Parameter 'product_id' is not an id."))),
                Optional.ofNullable(reference),
                Optional.ofNullable(createdAfter).map(t -> OpportunityWire.instant("created_after", t)),
                Optional.ofNullable(updatedAfter).map(t -> OpportunityWire.instant("updated_after", t)),
                Optional.ofNullable(q));
        return opportunities.list(tenant, filter, page).map(o -> OpportunityResponse.of(o, json));
    }

    @GetMapping("/{id}")
    @PreAuthorize(READ)
    public ResponseEntity<OpportunityResponse> get(@AuthenticationPrincipal Caller caller, @PathVariable("id") String id) {
        Tenant tenant = tenant(caller);
        OpportunityResponse found = opportunities.find(tenant, opportunityId(id))
                .map(d -> OpportunityResponse.of(d, json)).orElseThrow(ApiException::notFound);
        return withETag(found);
    }

    /** D11, D18: stage moves of the table, owner, metadata, outcome; {@code If-Match} guards against lost updates. */
    @PatchMapping("/{id}")
    @PreAuthorize(WRITE)
    public ResponseEntity<OpportunityResponse> update(@AuthenticationPrincipal Caller caller, @PathVariable("id") String id,
                                                      @RequestHeader(name = "If-Match", required = false) String ifMatch,
                                                      @RequestBody UpdateOpportunityRequest request) {
        Tenant tenant = tenant(caller);
        UUID opportunityId = opportunityId(id);
        Opportunity updated = opportunities.update(tenant, opportunityId, request.patch(),
                OpportunityWire.parseIfMatch(ifMatch), Actor.client(caller.clientId()));
        return withETag(OpportunityResponse.of(updated, json));
    }

    @PostMapping("/{id}/notes")
    @PreAuthorize(WRITE)
    public ResponseEntity<OpportunityResponse.NoteResponse> addNote(@AuthenticationPrincipal Caller caller,
                                                                    @PathVariable("id") String id,
                                                                    @RequestBody TaskRequests.NoteBody request) {
        Tenant tenant = tenant(caller);
        Note note = opportunities.addNote(tenant, opportunityId(id), request.body(), Actor.client(caller.clientId()));
        return ResponseEntity.status(HttpStatus.CREATED).body(OpportunityResponse.NoteResponse.of(note));
    }

    @PostMapping("/{id}/tasks")
    @PreAuthorize(WRITE)
    public ResponseEntity<OpportunityResponse.TaskResponse> addTask(@AuthenticationPrincipal Caller caller,
                                                                    @PathVariable("id") String id,
                                                                    @RequestBody TaskRequests.Create request) {
        Tenant tenant = tenant(caller);
        OpportunityTask task = opportunities.addTask(tenant, opportunityId(id), request.task(), Actor.client(caller.clientId()));
        return ResponseEntity.status(HttpStatus.CREATED).body(OpportunityResponse.TaskResponse.of(task));
    }

    @PatchMapping("/{id}/tasks/{taskId}")
    @PreAuthorize(WRITE)
    public OpportunityResponse.TaskResponse updateTask(@AuthenticationPrincipal Caller caller, @PathVariable("id") String id,
                                                       @PathVariable("taskId") String taskId,
                                                       @RequestBody TaskRequests.Update request) {
        Tenant tenant = tenant(caller);
        UUID task = IdGenerator.parse(taskId).orElseThrow(ApiException::notFound);
        return OpportunityResponse.TaskResponse.of(opportunities.updateTask(tenant, opportunityId(id), task,
                request.patch(), Actor.client(caller.clientId())));
    }

    private static ResponseEntity<OpportunityResponse> withETag(OpportunityResponse opportunity) {
        return ResponseEntity.ok().eTag("\"" + opportunity.version() + "\"").body(opportunity);
    }

    /** Opportunities belong to a partner and an environment (D6); a caller without them has none. */
    private static Tenant tenant(Caller caller) {
        return caller.tenant().orElseThrow(ApiException::notFound);
    }

    /** D2: a malformed id names nothing, so it is 404 like an unknown one. */
    private static UUID opportunityId(String id) {
        return IdGenerator.parse(id).orElseThrow(ApiException::notFound);
    }
}
