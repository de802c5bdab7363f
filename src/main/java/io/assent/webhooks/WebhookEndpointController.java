package io.assent.webhooks;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.http.ResponseEntity;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Caller;
import io.assent.platform.security.Tenant;

/** {@code {base_url}/webhook-endpoints} (spec "Webhooks", D13, D16): HTTP in and out; the rules are {@link WebhookEndpointService}'s. */
@RestController
@RequestMapping(WebhookEndpointController.PATH)
public class WebhookEndpointController {

    static final String PATH = PublicUrls.API_PREFIX + "/webhook-endpoints";
    static final String READ = "hasAuthority('SCOPE_partner.webhooks.read')";
    static final String WRITE = "hasAuthority('SCOPE_partner.webhooks.write')";

    record CreateRequest(String url, List<String> subscribedEvents, String description) {
    }

    record UpdateRequest(String url, List<String> subscribedEvents, String status, String description, Boolean rollSecret) {
    }

    /** The WebhookEndpoint resource; {@code secret} only in the answers that create or roll it. */
    record EndpointResponse(UUID id, String url, List<String> subscribedEvents, String status, Optional<String> description,
                            Instant createdAt, @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<String> secret) {

        static EndpointResponse of(WebhookEndpoint e, Optional<String> secret) {
            return new EndpointResponse(e.id(), e.url(), e.subscribedEvents(), e.status().wireName(), e.description(),
                    e.createdAt(), secret);
        }

        static EndpointResponse of(WebhookEndpoint e) {
            return of(e, Optional.empty());
        }
    }

    private final WebhookEndpointService endpoints;
    private final PublicUrls urls;

    public WebhookEndpointController(WebhookEndpointService endpoints, PublicUrls urls) {
        this.endpoints = endpoints;
        this.urls = urls;
    }

    @PostMapping
    @PreAuthorize(WRITE)
    public ResponseEntity<EndpointResponse> create(@AuthenticationPrincipal Caller caller, @RequestBody CreateRequest request) {
        WebhookEndpointService.EndpointWithSecret created = endpoints.create(tenant(caller),
                new WebhookEndpointService.NewEndpoint(request.url(), request.subscribedEvents(), Optional.ofNullable(request.description())));
        return ResponseEntity.created(URI.create(urls.baseUrl() + "/webhook-endpoints/" + created.endpoint().id()))
                .body(EndpointResponse.of(created.endpoint(), created.secret()));
    }

    @GetMapping
    @PreAuthorize(READ)
    public Page<EndpointResponse> list(@AuthenticationPrincipal Caller caller,
                                       @RequestParam(name = "limit", required = false) String limit,
                                       @RequestParam(name = "cursor", required = false) String cursor) {
        return endpoints.list(tenant(caller), PageRequest.of(limit, cursor)).map(EndpointResponse::of);
    }

    @GetMapping("/{id}")
    @PreAuthorize(READ)
    public EndpointResponse get(@AuthenticationPrincipal Caller caller, @PathVariable("id") String id) {
        return endpoints.find(tenant(caller), id(id)).map(EndpointResponse::of).orElseThrow(ApiException::notFound);
    }

    @PatchMapping("/{id}")
    @PreAuthorize(WRITE)
    public EndpointResponse update(@AuthenticationPrincipal Caller caller, @PathVariable("id") String id,
                                   @RequestBody UpdateRequest request) {
        Optional<EndpointStatus> status = Optional.ofNullable(request.status()).map(s -> EndpointStatus.fromWire(s)
                .orElseThrow(() -> ApiException.invalidRequest("status may be active or paused.")));
        WebhookEndpointService.EndpointWithSecret updated = endpoints.update(tenant(caller), id(id),
                new WebhookEndpointService.EndpointChange(Optional.ofNullable(request.url()),
                        Optional.ofNullable(request.subscribedEvents()), status, Optional.ofNullable(request.description()),
                        Boolean.TRUE.equals(request.rollSecret())));
        return EndpointResponse.of(updated.endpoint(), updated.secret());
    }

    @DeleteMapping("/{id}")
    @PreAuthorize(WRITE)
    public EndpointResponse disable(@AuthenticationPrincipal Caller caller, @PathVariable("id") String id) {
        return EndpointResponse.of(endpoints.disable(tenant(caller), id(id)));
    }

    /** Endpoints belong to a partner and an environment (D6); a caller without them has none. */
    static Tenant tenant(Caller caller) {
        return caller.tenant().orElseThrow(ApiException::notFound);
    }

    /** D2: a malformed id names nothing, so it is 404 like an unknown one. */
    static UUID id(String id) {
        return IdGenerator.parse(id).orElseThrow(ApiException::notFound);
    }
}
