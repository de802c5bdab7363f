package io.assent.webhooks;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Caller;

/** {@code {base_url}/webhook-deliveries}: the diagnostics of D13 and manual redelivery. */
@RestController
@RequestMapping(PublicUrls.API_PREFIX + "/webhook-deliveries")
public class WebhookDeliveryController {

    record AttemptResponse(Instant attemptedAt, Optional<Integer> statusCode, Optional<String> error, long latencyMs,
                           Optional<String> responseBody) {
    }

    record DeliveryResponse(UUID id, UUID endpointId, String event, UUID eventId, Optional<UUID> sessionId, String status,
                            List<AttemptResponse> attempts, Optional<Instant> nextAttemptAt, Instant createdAt) {

        static DeliveryResponse of(Delivery d) {
            return new DeliveryResponse(d.id(), d.endpointId(), d.event(), d.eventId(), d.sessionId(), d.status().wireName(),
                    d.attempts().stream().map(a -> new AttemptResponse(a.attemptedAt(), a.statusCode(), a.error(), a.latencyMs(),
                            a.responseBody())).toList(), d.nextAttemptAt(), d.createdAt());
        }
    }

    record Queued(String status, DeliveryResponse delivery) {
    }

    private final WebhookDeliveryService deliveries;

    public WebhookDeliveryController(WebhookDeliveryService deliveries) {
        this.deliveries = deliveries;
    }

    @GetMapping
    @PreAuthorize(WebhookEndpointController.READ)
    public Page<DeliveryResponse> list(@AuthenticationPrincipal Caller caller,
                                       @RequestParam(name = "limit", required = false) String limit,
                                       @RequestParam(name = "cursor", required = false) String cursor,
                                       @RequestParam(name = "endpoint_id", required = false) String endpointId,
                                       @RequestParam(name = "event", required = false) String event,
                                       @RequestParam(name = "status", required = false) String status,
                                       @RequestParam(name = "session_id", required = false) String sessionId) {
        PageRequest page = PageRequest.of(limit, cursor);
        WebhookDeliveryService.DeliveryFilter filter = new WebhookDeliveryService.DeliveryFilter(
                uuid("endpoint_id", endpointId),
                Optional.ofNullable(event).map(e -> WebhookEvent.fromWire(e)
                        .orElseThrow(() -> ApiException.invalidRequest("event is not one of the four event names."))),
                Optional.ofNullable(status).map(s -> DeliveryStatus.fromWire(s)
                        .orElseThrow(() -> ApiException.invalidRequest("status may be pending, succeeded or failed."))),
                uuid("session_id", sessionId));
        return deliveries.list(WebhookEndpointController.tenant(caller), filter, page).map(DeliveryResponse::of);
    }

    @PostMapping("/{id}/redeliver")
    @PreAuthorize(WebhookEndpointController.WRITE)
    public Queued redeliver(@AuthenticationPrincipal Caller caller, @PathVariable("id") String id) {
        return new Queued("queued", DeliveryResponse.of(deliveries.redeliver(WebhookEndpointController.tenant(caller),
                WebhookEndpointController.id(id))));
    }

    private static Optional<UUID> uuid(String name, String value) {
        return Optional.ofNullable(value).map(v -> IdGenerator.parse(v)
                .orElseThrow(() -> ApiException.invalidRequest(name + " is not an id.")));
    }
}
