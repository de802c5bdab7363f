package io.assent.webhooks;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.pagination.Keyset;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Tenant;
import io.assent.platform.time.SqlTime;

@Repository
class EndpointRepository {

    /** The sealed secrets of an endpoint: the current one, and the previous one while a roll's overlap lasts. */
    record SealedSecrets(String current, Optional<String> previous, Optional<Instant> previousUntil) {
    }

    private final JdbcClient jdbc;

    EndpointRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(WebhookEndpoint endpoint, String sealedSecret) {
        jdbc.sql("""
                insert into webhook_endpoints (id, partner_id, environment, url, subscribed_events, status, description,
                                               secret_sealed, created_at)
                values (:id, :partner, :environment, :url, :events, :status, :description, :secret, :created)""")
                .param("id", endpoint.id()).param("partner", endpoint.tenant().partnerId())
                .param("environment", endpoint.tenant().environment().wireName()).param("url", endpoint.url())
                .param("events", SubscribedEvents.store(endpoint.subscribedEvents()))
                .param("status", endpoint.status().wireName()).param("description", endpoint.description().orElse(null))
                .param("secret", sealedSecret).param("created", SqlTime.of(endpoint.createdAt()))
                .update();
    }

    Optional<WebhookEndpoint> find(Tenant tenant, UUID id) {
        return jdbc.sql("select * from webhook_endpoints where id = :id and partner_id = :partner and environment = :environment")
                .param("id", id).param("partner", tenant.partnerId()).param("environment", tenant.environment().wireName())
                .query(EndpointRepository::endpoint).optional();
    }

    /** Locked for the rest of the transaction, so concurrent edits of one endpoint serialise. */
    Optional<WebhookEndpoint> findForUpdate(Tenant tenant, UUID id) {
        return jdbc.sql("select * from webhook_endpoints where id = :id and partner_id = :partner and environment = :environment for update")
                .param("id", id).param("partner", tenant.partnerId()).param("environment", tenant.environment().wireName())
                .query(EndpointRepository::endpoint).optional();
    }

    Optional<WebhookEndpoint> findById(UUID id) {
        return jdbc.sql("select * from webhook_endpoints where id = :id").param("id", id)
                .query(EndpointRepository::endpoint).optional();
    }

    List<WebhookEndpoint> list(Tenant tenant, PageRequest page) {
        StringBuilder sql = new StringBuilder("select * from webhook_endpoints where partner_id = :partner and environment = :environment");
        sql.append(Keyset.page(page, "created_at"));
        JdbcClient.StatementSpec query = Keyset.bind(jdbc.sql(sql.toString()), page).param("partner", tenant.partnerId())
                .param("environment", tenant.environment().wireName());
        return query.query(EndpointRepository::endpoint).list();
    }

    /** The endpoints of a tenant that still receive events (active or paused). */
    List<WebhookEndpoint> receiving(UUID partnerId, String environment) {
        return jdbc.sql("select * from webhook_endpoints where partner_id = :partner and environment = :environment and status <> 'disabled'")
                .param("partner", partnerId).param("environment", environment)
                .query(EndpointRepository::endpoint).list();
    }

    void update(WebhookEndpoint endpoint) {
        jdbc.sql("""
                update webhook_endpoints set url = :url, subscribed_events = :events, status = :status,
                                             description = :description where id = :id""")
                .param("url", endpoint.url()).param("events", SubscribedEvents.store(endpoint.subscribedEvents()))
                .param("status", endpoint.status().wireName()).param("description", endpoint.description().orElse(null))
                .param("id", endpoint.id())
                .update();
    }

    /** Keeps the current secret as the previous one until {@code previousUntil}, and stores the new one. */
    void rollSecret(UUID id, String newSealed, String currentSealed, Instant previousUntil) {
        jdbc.sql("""
                update webhook_endpoints set secret_sealed = :secret, previous_secret_sealed = :previous,
                                             previous_secret_until = :until where id = :id""")
                .param("secret", newSealed).param("previous", currentSealed).param("until", SqlTime.of(previousUntil))
                .param("id", id)
                .update();
    }

    Optional<SealedSecrets> secrets(UUID id) {
        return jdbc.sql("select secret_sealed, previous_secret_sealed, previous_secret_until from webhook_endpoints where id = :id")
                .param("id", id)
                .query((rs, row) -> new SealedSecrets(rs.getString("secret_sealed"),
                        Optional.ofNullable(rs.getString("previous_secret_sealed")),
                        SqlTime.optionalInstant(rs, "previous_secret_until")))
                .optional();
    }

    /** Counts a failed attempt; true when this failure completes a streak of 3 not yet reported (one winner per streak). */
    boolean recordFailure(UUID id) {
        jdbc.sql("update webhook_endpoints set failure_streak = failure_streak + 1 where id = :id").param("id", id).update();
        return jdbc.sql("""
                update webhook_endpoints set failure_mail_sent = true
                where id = :id and failure_streak >= 3 and failure_mail_sent = false""")
                .param("id", id).update() == 1;
    }

    void recordSuccess(UUID id) {
        jdbc.sql("""
                update webhook_endpoints set failure_streak = 0, failure_mail_sent = false
                where id = :id and (failure_streak <> 0 or failure_mail_sent = true)""")
                .param("id", id).update();
    }

    int failureStreak(UUID id) {
        return jdbc.sql("select failure_streak from webhook_endpoints where id = :id").param("id", id).query(Integer.class).single();
    }

    static WebhookEndpoint endpoint(ResultSet rs, int row) throws SQLException {
        return new WebhookEndpoint(rs.getObject("id", UUID.class),
                new Tenant(rs.getObject("partner_id", UUID.class), Environment.fromWire(rs.getString("environment")).orElseThrow()),
                rs.getString("url"), SubscribedEvents.read(rs.getString("subscribed_events")),
                EndpointStatus.fromWire(rs.getString("status")).orElseThrow(),
                Optional.ofNullable(rs.getString("description")), SqlTime.instant(rs, "created_at"));
    }
}
