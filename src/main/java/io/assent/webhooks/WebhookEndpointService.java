package io.assent.webhooks;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.assent.oauth.keys.SecretSeal;
import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Cursor;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Tenant;

/**
 * A partner's webhook endpoints (D13, D16): their URL rules, subscriptions, status moves and signing
 * secrets. Secrets are sealed at rest and leave the service only in the answer that created them.
 */
@Service
public class WebhookEndpointService {

    /** After a roll the old secret keeps signing this long, so receivers can switch without a gap. */
    static final Duration ROLL_OVERLAP = Duration.ofHours(24);
    private static final String SECRET_PREFIX = "whsec_";

    /** What a partner asks for when creating an endpoint. */
    public record NewEndpoint(String url, List<String> subscribedEvents, Optional<String> description) {
    }

    /** The changes of a PATCH; an empty field is left as it is. */
    public record EndpointChange(Optional<String> url, Optional<List<String>> subscribedEvents,
                                 Optional<EndpointStatus> status, Optional<String> description, boolean rollSecret) {
    }

    /** An endpoint with the plaintext secret, present only when it was just created or rolled. */
    public record EndpointWithSecret(WebhookEndpoint endpoint, Optional<String> secret) {
    }

    private final EndpointRepository endpoints;
    private final DeliveryRepository deliveries;
    private final EndpointUrlPolicy urls;
    private final SecretSeal seal;
    private final IdGenerator ids;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    WebhookEndpointService(EndpointRepository endpoints, DeliveryRepository deliveries, EndpointUrlPolicy urls,
                           SecretSeal seal, IdGenerator ids, Clock clock) {
        this.endpoints = endpoints;
        this.deliveries = deliveries;
        this.urls = urls;
        this.seal = seal;
        this.ids = ids;
        this.clock = clock;
    }

    @Transactional
    public EndpointWithSecret create(Tenant tenant, NewEndpoint request) {
        String url = urls.validate(request.url(), tenant.environment());
        List<String> events = SubscribedEvents.validate(request.subscribedEvents());
        WebhookEndpoint endpoint = new WebhookEndpoint(ids.newId(), tenant, url, events, EndpointStatus.ACTIVE,
                request.description().map(WebhookEndpointService::description), clock.instant());
        String secret = newSecret();
        endpoints.insert(endpoint, seal.seal(secret, label(endpoint.id())));
        return new EndpointWithSecret(endpoint, Optional.of(secret));
    }

    public Page<WebhookEndpoint> list(Tenant tenant, PageRequest page) {
        return Page.of(endpoints.list(tenant, page), page, e -> new Cursor(e.createdAt(), e.id()));
    }

    public Optional<WebhookEndpoint> find(Tenant tenant, UUID id) {
        return endpoints.find(tenant, id);
    }

    @Transactional
    public EndpointWithSecret update(Tenant tenant, UUID id, EndpointChange change) {
        WebhookEndpoint current = endpoints.findForUpdate(tenant, id).orElseThrow(ApiException::notFound);
        if (current.status() == EndpointStatus.DISABLED) {
            throw ApiException.conflict("invalid_state_transition", "A disabled endpoint cannot be changed.");
        }
        EndpointStatus status = change.status().orElse(current.status());
        if (status == EndpointStatus.DISABLED) {
            throw ApiException.invalidRequest("status may be active or paused; DELETE disables an endpoint.");
        }
        if (!current.status().canMoveTo(status)) {
            throw ApiException.conflict("invalid_state_transition", "The endpoint cannot move to " + status.wireName() + ".");
        }
        WebhookEndpoint updated = new WebhookEndpoint(current.id(), tenant,
                change.url().isPresent() ? urls.validate(change.url().get(), tenant.environment()) : current.url(),
                change.subscribedEvents().map(SubscribedEvents::validate).orElse(current.subscribedEvents()), status,
                change.description().isPresent() ? change.description().filter(d -> !d.isEmpty()).map(WebhookEndpointService::description)
                        : current.description(),
                current.createdAt());
        endpoints.update(updated);
        Optional<String> secret = Optional.empty();
        if (change.rollSecret()) {
            String fresh = newSecret();
            String currentSealed = endpoints.secrets(id).orElseThrow().current();
            endpoints.rollSecret(id, seal.seal(fresh, label(id)), currentSealed, clock.instant().plus(ROLL_OVERLAP));
            secret = Optional.of(fresh);
        }
        return new EndpointWithSecret(updated, secret);
    }

    /** DELETE: disables the endpoint for good; its pending deliveries fail, since nothing more is sent to it. */
    @Transactional
    public WebhookEndpoint disable(Tenant tenant, UUID id) {
        WebhookEndpoint current = endpoints.findForUpdate(tenant, id).orElseThrow(ApiException::notFound);
        if (current.status() == EndpointStatus.DISABLED) {
            return current;
        }
        WebhookEndpoint disabled = new WebhookEndpoint(current.id(), tenant, current.url(), current.subscribedEvents(),
                EndpointStatus.DISABLED, current.description(), current.createdAt());
        endpoints.update(disabled);
        deliveries.failPendingOf(id);
        return disabled;
    }

    /** The secrets that sign an attempt made now: the current one, and the previous one during a roll's overlap. */
    List<String> signingSecrets(UUID endpointId, Instant now) {
        EndpointRepository.SealedSecrets sealed = endpoints.secrets(endpointId).orElseThrow();
        List<String> secrets = new ArrayList<>();
        secrets.add(open(sealed.current(), endpointId));
        if (sealed.previous().isPresent() && sealed.previousUntil().map(now::isBefore).orElse(false)) {
            secrets.add(open(sealed.previous().get(), endpointId));
        }
        return secrets;
    }

    private String open(String sealed, UUID endpointId) {
        return seal.open(sealed, label(endpointId)).orElseThrow(() -> new IllegalStateException(
                "The signing secret of webhook endpoint " + endpointId + " cannot be opened with this master key."));
    }

    private String newSecret() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return SECRET_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static String description(String text) {
        if (text.length() > 500) {
            throw ApiException.invalidRequest("description must be at most 500 characters.");
        }
        return text;
    }

    private static String label(UUID endpointId) {
        return "webhook-endpoint/" + endpointId;
    }
}
