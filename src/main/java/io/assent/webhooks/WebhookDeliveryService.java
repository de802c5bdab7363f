package io.assent.webhooks;

import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Cursor;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Tenant;

/** Delivery diagnostics and manual redelivery (D13): what was sent where, every attempt, and sending an event again. */
@Service
public class WebhookDeliveryService {

    /** The filters of D10 for deliveries. */
    public record DeliveryFilter(Optional<UUID> endpointId, Optional<WebhookEvent> event, Optional<DeliveryStatus> status,
                                 Optional<UUID> sessionId) {
    }

    private final DeliveryRepository deliveries;
    private final EndpointRepository endpoints;
    private final IdGenerator ids;
    private final Clock clock;

    WebhookDeliveryService(DeliveryRepository deliveries, EndpointRepository endpoints, IdGenerator ids, Clock clock) {
        this.deliveries = deliveries;
        this.endpoints = endpoints;
        this.ids = ids;
        this.clock = clock;
    }

    public Page<Delivery> list(Tenant tenant, DeliveryFilter filter, PageRequest page) {
        DeliveryRepository.Filter query = new DeliveryRepository.Filter(filter.endpointId(),
                filter.event().map(WebhookEvent::wireName), filter.status(), filter.sessionId());
        return Page.of(deliveries.list(tenant, query, page), page, d -> new Cursor(d.createdAt(), d.id()));
    }

    /** Queues the delivery's event again, now, as a new delivery to the same endpoint with the same event id. */
    @Transactional
    public Delivery redeliver(Tenant tenant, UUID deliveryId) {
        Delivery original = deliveries.find(tenant, deliveryId).orElseThrow(ApiException::notFound);
        WebhookEndpoint endpoint = endpoints.findForUpdate(tenant, original.endpointId()).orElseThrow(ApiException::notFound);
        if (endpoint.status() == EndpointStatus.DISABLED) {
            throw ApiException.conflict("invalid_state_transition", "The endpoint is disabled; nothing more is sent to it.");
        }
        UUID id = ids.newId();
        deliveries.insert(id, endpoint.id(), original.eventId(), tenant.partnerId(), tenant.environment().wireName(),
                original.event(), original.sessionId(), clock.instant());
        return deliveries.find(tenant, id).orElseThrow();
    }
}
