package io.assent.opportunities;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.id.IdGenerator;
import io.assent.platform.security.Tenant;
import io.assent.platform.time.SqlTime;

@Repository
class OpportunityRepository {

    private final JdbcClient jdbc;
    private final IdGenerator ids;

    OpportunityRepository(JdbcClient jdbc, IdGenerator ids) {
        this.jdbc = jdbc;
        this.ids = ids;
    }

    void insert(UUID id, Tenant tenant, UUID productId, UUID sessionId, Optional<String> externalReference, Instant at) {
        jdbc.sql("""
                insert into opportunities (id, partner_id, environment, product_id, session_id, external_reference, stage,
                                           metadata, version, created_at, updated_at)
                values (:id, :partner, :environment, :product, :session, :reference, 'new', '{}', 1, :at, :at)""")
                .param("id", id).param("partner", tenant.partnerId()).param("environment", tenant.environment().wireName())
                .param("product", productId).param("session", sessionId).param("reference", externalReference.orElse(null))
                .param("at", SqlTime.of(at))
                .update();
    }

    /** The opportunity of a session and its stage, locked until the transaction ends. */
    Optional<Current> lockBySession(UUID sessionId) {
        return jdbc.sql("select id, stage from opportunities where session_id = :session for update")
                .param("session", sessionId)
                .query((rs, n) -> new Current(rs.getObject("id", UUID.class), Stage.fromWire(rs.getString("stage")).orElseThrow()))
                .optional();
    }

    void moveStage(UUID id, Stage to, Instant at) {
        jdbc.sql("update opportunities set stage = :stage, version = version + 1, updated_at = :at where id = :id")
                .param("stage", to.wireName()).param("at", SqlTime.of(at)).param("id", id)
                .update();
    }

    void addTimelineEntry(UUID opportunityId, String type, Instant at, String actor, String details) {
        jdbc.sql("""
                insert into opportunity_timeline (id, opportunity_id, entry_type, occurred_at, actor, details)
                values (:id, :opportunity, :type, :at, :actor, :details)""")
                .param("id", ids.newId()).param("opportunity", opportunityId).param("type", type)
                .param("at", SqlTime.of(at)).param("actor", actor).param("details", details)
                .update();
    }

    record Current(UUID id, Stage stage) {
    }
}
