package io.assent.webhooks;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import io.assent.platform.id.IdGenerator;
import io.assent.platform.security.Tenant;
import io.assent.platform.time.SqlTime;
import tools.jackson.databind.json.JsonMapper;

/**
 * The transactional outbox (D13): a feature that changes state records the event here, inside its
 * own transaction, so the event exists if and only if the change committed. Delivery reads the
 * outbox later; nothing here talks to the network.
 */
@Service
public class OutboxService {

    /** What happened to which session, as partners receive it. */
    public record SessionEvent(WebhookEvent event, Tenant tenant, UUID sessionId, UUID productId,
                               Optional<String> externalReference, Instant occurredAt, Optional<UUID> grantId,
                               Optional<String> revokedBy) {
    }

    private final JdbcClient jdbc;
    private final IdGenerator ids;
    private final JsonMapper json;

    public OutboxService(JdbcClient jdbc, IdGenerator ids, JsonMapper json) {
        this.jdbc = jdbc;
        this.ids = ids;
        this.json = json;
    }

    /** Stores the event; must run inside the transaction of the change it reports. */
    @Transactional(propagation = Propagation.MANDATORY)
    public UUID record(SessionEvent event) {
        UUID id = ids.newId();
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("id", id.toString());
        payload.put("event", event.event().wireName());
        payload.put("session_id", event.sessionId().toString());
        payload.put("product_id", event.productId().toString());
        payload.put("external_reference", event.externalReference().orElse(null));
        payload.put("occurred_at", event.occurredAt().toString());
        event.grantId().ifPresent(grant -> payload.put("grant_id", grant.toString()));
        event.revokedBy().ifPresent(by -> payload.put("revoked_by", by));
        jdbc.sql("""
                insert into outbox_events (id, partner_id, environment, event_type, session_id, payload, occurred_at)
                values (:id, :partner, :environment, :event, :session, :payload, :at)""")
                .param("id", id).param("partner", event.tenant().partnerId())
                .param("environment", event.tenant().environment().wireName())
                .param("event", event.event().wireName()).param("session", event.sessionId())
                .param("payload", json.writeValueAsString(payload)).param("at", SqlTime.of(event.occurredAt()))
                .update();
        return id;
    }
}
