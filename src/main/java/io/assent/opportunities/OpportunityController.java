package io.assent.opportunities;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import org.springframework.http.ResponseEntity;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
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
        if (q != null) {
            // Refused rather than ignored: an unfiltered answer to a search would mislead.
            throw ApiException.invalidRequest("Parameter 'q' (text search) is not supported yet.");
        }
        Tenant tenant = tenant(caller);
        PageRequest page = PageRequest.of(limit, cursor);
        OpportunityFilter filter = new OpportunityFilter(
                stages == null ? Set.of() : stages.stream().map(OpportunityController::stage).collect(Collectors.toSet()),
                Optional.ofNullable(productId).map(p -> IdGenerator.parse(p).orElseThrow(
                        () -> ApiException.invalidRequest("Parameter 'product_id' is not an id."))),
                Optional.ofNullable(reference),
                Optional.ofNullable(createdAfter).map(t -> instant("created_after", t)),
                Optional.ofNullable(updatedAfter).map(t -> instant("updated_after", t)));
        return opportunities.list(tenant, filter, page).map(o -> OpportunityResponse.of(o, json));
    }

    @GetMapping("/{id}")
    @PreAuthorize(READ)
    public ResponseEntity<OpportunityResponse> get(@AuthenticationPrincipal Caller caller, @PathVariable("id") String id) {
        Tenant tenant = tenant(caller);
        OpportunityResponse found = opportunities.find(tenant, opportunityId(id))
                .map(d -> OpportunityResponse.of(d, json)).orElseThrow(ApiException::notFound);
        return ResponseEntity.ok().eTag("\"" + found.version() + "\"").body(found);
    }

    private static Stage stage(String value) {
        return Stage.fromWire(value).orElseThrow(() -> ApiException.invalidRequest(
                "Parameter 'stage' must be one of new, consent_pending, consent_granted, in_review, approved, declined, withdrawn, closed."));
    }

    /** RFC 3339 with an offset (D2), so a time without a zone is refused rather than guessed. */
    private static Instant instant(String name, String value) {
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw ApiException.invalidRequest("Parameter '" + name + "' must be an RFC 3339 date-time.");
        }
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
