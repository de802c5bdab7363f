package io.assent.webhooks;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import javax.sql.DataSource;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.stereotype.Repository;

import io.assent.platform.pagination.Keyset;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Tenant;
import io.assent.platform.time.SqlTime;

@Repository
class DeliveryRepository {

    /** An outbox event as the fan-out reads it. */
    record OutboxEvent(UUID id, UUID partnerId, String environment, String eventType, Optional<UUID> sessionId) {
    }

    /** A delivery this node has claimed: everything an attempt needs. */
    record Claimed(UUID id, UUID endpointId, UUID eventId, String payload, int attemptsMade,
                   Optional<Instant> firstAttemptAt, String url, String environment, UUID leaseToken) {
    }

    /** The filters of {@code GET /webhook-deliveries} (D10). */
    record Filter(Optional<UUID> endpointId, Optional<String> event, Optional<DeliveryStatus> status, Optional<UUID> sessionId) {
    }

    private final JdbcClient jdbc;
    private final boolean postgres;

    DeliveryRepository(JdbcClient jdbc, DataSource dataSource) throws Exception {
        this.jdbc = jdbc;
        this.postgres = JdbcUtils.extractDatabaseMetaData(dataSource, meta -> meta.getDatabaseProductName())
                .toLowerCase().contains("postgres");
    }

    /**
     * Events not fanned out yet, oldest first. Inside the fan-out transaction; on PostgreSQL the rows
     * are locked and rows another dispatcher holds are skipped, so concurrent fan-outs take disjoint sets.
     */
    List<UUID> unfannedEvents(int limit) {
        return jdbc.sql("select id from outbox_events where fanned_out = false order by occurred_at, id limit :limit"
                        + (postgres ? " for update skip locked" : ""))
                .param("limit", limit).query(UUID.class).list();
    }

    /**
     * Marks the event fanned out; only one transaction can turn the flag, so only one fans it out
     * (a concurrent one waits for the row lock, then finds the flag set and gets 0 rows).
     */
    Optional<OutboxEvent> takeForFanOut(UUID id) {
        int taken = jdbc.sql("update outbox_events set fanned_out = true where id = :id and fanned_out = false")
                .param("id", id).update();
        if (taken == 0) {
            return Optional.empty();
        }
        return jdbc.sql("select id, partner_id, environment, event_type, session_id from outbox_events where id = :id")
                .param("id", id)
                .query((rs, row) -> new OutboxEvent(rs.getObject("id", UUID.class), rs.getObject("partner_id", UUID.class),
                        rs.getString("environment"), rs.getString("event_type"),
                        Optional.ofNullable(rs.getObject("session_id", UUID.class))))
                .optional();
    }

    void insert(UUID id, UUID endpointId, UUID eventId, UUID partnerId, String environment, String eventType,
                Optional<UUID> sessionId, Instant now) {
        jdbc.sql("""
                insert into webhook_deliveries (id, endpoint_id, event_id, partner_id, environment, event_type, session_id,
                                                status, attempt_count, next_attempt_at, created_at)
                values (:id, :endpoint, :event, :partner, :environment, :type, :session, 'pending', 0, :now, :now)""")
                .param("id", id).param("endpoint", endpointId).param("event", eventId).param("partner", partnerId)
                .param("environment", environment).param("type", eventType).param("session", sessionId.orElse(null))
                .param("now", SqlTime.of(now))
                .update();
    }

    /**
     * Claims up to {@code limit} due deliveries of active endpoints for this dispatcher until
     * {@code leaseUntil}. PostgreSQL skips rows another dispatcher is claiming (SKIP LOCKED); on
     * both databases the conditional UPDATE has one winner per row, as a concurrent claimer waits for
     * the row and then finds the lease taken.
     */
    List<Claimed> claimDue(Instant now, Instant leaseUntil, UUID token, int limit) {
        String candidates = """
                select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
                where d.status = 'pending' and d.next_attempt_at <= :now and e.status = 'active'
                  and (d.lease_until is null or d.lease_until < :now)
                order by d.next_attempt_at limit :limit""" + (postgres ? " for update of d skip locked" : "");
        List<UUID> ids = jdbc.sql(candidates).param("now", SqlTime.of(now)).param("limit", limit).query(UUID.class).list();
        if (ids.isEmpty()) {
            return List.of();
        }
        jdbc.sql("""
                update webhook_deliveries set lease_until = :until, lease_token = :token
                where id in (:ids) and status = 'pending' and (lease_until is null or lease_until < :now)""")
                .param("until", SqlTime.of(leaseUntil)).param("token", token).param("ids", ids).param("now", SqlTime.of(now))
                .update();
        return jdbc.sql("""
                select d.id, d.endpoint_id, d.event_id, d.attempt_count, d.first_attempt_at, o.payload, e.url, e.environment
                from webhook_deliveries d join outbox_events o on o.id = d.event_id join webhook_endpoints e on e.id = d.endpoint_id
                where d.lease_token = :token and d.status = 'pending'""")
                .param("token", token)
                .query((rs, row) -> new Claimed(rs.getObject("id", UUID.class), rs.getObject("endpoint_id", UUID.class),
                        rs.getObject("event_id", UUID.class), rs.getString("payload"), rs.getInt("attempt_count"),
                        SqlTime.optionalInstant(rs, "first_attempt_at"), rs.getString("url"), rs.getString("environment"), token))
                .list();
    }

    void recordAttempt(UUID deliveryId, Delivery.Attempt attempt) {
        jdbc.sql("""
                insert into webhook_attempts (delivery_id, attempt_number, attempted_at, status_code, error, latency_ms, response_body)
                values (:delivery, :number, :at, :status, :error, :latency, :body)""")
                .param("delivery", deliveryId).param("number", attempt.number()).param("at", SqlTime.of(attempt.attemptedAt()))
                .param("status", attempt.statusCode().orElse(null)).param("error", attempt.error().orElse(null))
                .param("latency", attempt.latencyMs()).param("body", attempt.responseBody().orElse(null))
                .update();
    }

    /** Ends the claim with the attempt's outcome; a claim that lapsed and was taken by another node changes nothing. */
    boolean release(UUID id, UUID token, DeliveryStatus status, int attempts, Instant firstAttemptAt, Optional<Instant> next) {
        return jdbc.sql("""
                update webhook_deliveries set status = :status, attempt_count = :attempts, first_attempt_at = :first,
                                              next_attempt_at = :next, lease_until = null, lease_token = null
                where id = :id and lease_token = :token""")
                .param("status", status.wireName()).param("attempts", attempts).param("first", SqlTime.of(firstAttemptAt))
                .param("next", next.map(SqlTime::of).orElse(null)).param("id", id).param("token", token)
                .update() == 1;
    }

    /** The latest failed attempts on an endpoint, one line each: time, delivery, HTTP status or error. */
    List<String> recentFailures(UUID endpointId, int limit) {
        return jdbc.sql("""
                select a.attempted_at, a.delivery_id, a.status_code, a.error from webhook_attempts a
                join webhook_deliveries d on d.id = a.delivery_id
                where d.endpoint_id = :endpoint and (a.status_code is null or a.status_code < 200 or a.status_code > 299)
                order by a.attempted_at desc limit :limit""")
                .param("endpoint", endpointId).param("limit", limit)
                .query((rs, row) -> {
                    int code = rs.getInt("status_code");
                    String outcome = rs.wasNull() ? rs.getString("error") : "HTTP " + code;
                    return SqlTime.instant(rs, "attempted_at") + "  delivery " + rs.getObject("delivery_id", UUID.class) + "  " + outcome;
                }).list();
    }

    void failPendingOf(UUID endpointId) {
        jdbc.sql("update webhook_deliveries set status = 'failed', next_attempt_at = null where endpoint_id = :endpoint and status = 'pending'")
                .param("endpoint", endpointId).update();
    }

    Optional<Delivery> find(Tenant tenant, UUID id) {
        List<Delivery> found = withAttempts(jdbc.sql("select * from webhook_deliveries where id = :id and partner_id = :partner and environment = :environment")
                .param("id", id).param("partner", tenant.partnerId()).param("environment", tenant.environment().wireName())
                .query(DeliveryRepository::delivery).list());
        return found.stream().findFirst();
    }

    List<Delivery> list(Tenant tenant, Filter filter, PageRequest page) {
        StringBuilder sql = new StringBuilder("select * from webhook_deliveries where partner_id = :partner and environment = :environment");
        filter.endpointId().ifPresent(x -> sql.append(" and endpoint_id = :endpoint"));
        filter.event().ifPresent(x -> sql.append(" and event_type = :event"));
        filter.status().ifPresent(x -> sql.append(" and status = :status"));
        filter.sessionId().ifPresent(x -> sql.append(" and session_id = :session"));
        sql.append(Keyset.page(page, "created_at"));
        JdbcClient.StatementSpec query = Keyset.bind(jdbc.sql(sql.toString()), page).param("partner", tenant.partnerId())
                .param("environment", tenant.environment().wireName());
        if (filter.endpointId().isPresent()) {
            query = query.param("endpoint", filter.endpointId().get());
        }
        if (filter.event().isPresent()) {
            query = query.param("event", filter.event().get());
        }
        if (filter.status().isPresent()) {
            query = query.param("status", filter.status().get().wireName());
        }
        if (filter.sessionId().isPresent()) {
            query = query.param("session", filter.sessionId().get());
        }
        return withAttempts(query.query(DeliveryRepository::delivery).list());
    }

    private List<Delivery> withAttempts(List<Delivery> deliveries) {
        if (deliveries.isEmpty()) {
            return deliveries;
        }
        Map<UUID, List<Delivery.Attempt>> attempts = attemptsOf(deliveries.stream().map(Delivery::id).toList());
        return deliveries.stream().map(d -> new Delivery(d.id(), d.endpointId(), d.event(), d.eventId(), d.sessionId(), d.status(),
                attempts.getOrDefault(d.id(), List.of()), d.nextAttemptAt(), d.createdAt())).toList();
    }

    private Map<UUID, List<Delivery.Attempt>> attemptsOf(Collection<UUID> ids) {
        Map<UUID, List<Delivery.Attempt>> byDelivery = new LinkedHashMap<>();
        jdbc.sql("select * from webhook_attempts where delivery_id in (:ids) order by delivery_id, attempt_number")
                .param("ids", ids)
                .query((ResultSet rs) -> {
                    int status = rs.getInt("status_code");
                    Optional<Integer> code = rs.wasNull() ? Optional.empty() : Optional.of(status);
                    byDelivery.computeIfAbsent(rs.getObject("delivery_id", UUID.class), k -> new ArrayList<>())
                            .add(new Delivery.Attempt(rs.getInt("attempt_number"), SqlTime.instant(rs, "attempted_at"), code,
                                    Optional.ofNullable(rs.getString("error")), rs.getLong("latency_ms"),
                                    Optional.ofNullable(rs.getString("response_body"))));
                });
        return byDelivery;
    }

    private static Delivery delivery(ResultSet rs, int row) throws SQLException {
        return new Delivery(rs.getObject("id", UUID.class), rs.getObject("endpoint_id", UUID.class), rs.getString("event_type"),
                rs.getObject("event_id", UUID.class), Optional.ofNullable(rs.getObject("session_id", UUID.class)),
                DeliveryStatus.fromWire(rs.getString("status")).orElseThrow(), List.of(),
                SqlTime.optionalInstant(rs, "next_attempt_at"), SqlTime.instant(rs, "created_at"));
    }
}
