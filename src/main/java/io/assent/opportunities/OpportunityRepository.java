package io.assent.opportunities;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Keyset;
import io.assent.platform.pagination.PageRequest;
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

    Optional<Opportunity> find(Tenant tenant, UUID id) {
        return jdbc.sql("select * from opportunities where id = :id and partner_id = :partner and environment = :environment")
                .param("id", id).param("partner", tenant.partnerId()).param("environment", tenant.environment().wireName())
                .query(this::opportunity).optional();
    }

    /**
     * Up to {@link PageRequest#fetchSize()} of the tenant's opportunities, newest first, after the
     * page's cursor; the keyset condition walks {@code opportunities_tenant} so depth costs nothing (D10).
     */
    List<Opportunity> list(Tenant tenant, OpportunityFilter filter, PageRequest page) {
        StringBuilder sql = new StringBuilder(
                "select * from opportunities where partner_id = :partner and environment = :environment");
        if (!filter.stages().isEmpty()) {
            sql.append(" and stage in (:stages)");
        }
        filter.productId().ifPresent(p -> sql.append(" and product_id = :product"));
        filter.externalReference().ifPresent(r -> sql.append(" and external_reference = :reference"));
        filter.createdAfter().ifPresent(t -> sql.append(" and created_at > :createdAfter"));
        filter.updatedAfter().ifPresent(t -> sql.append(" and updated_at > :updatedAfter"));
        sql.append(Keyset.page(page, "created_at"));
        JdbcClient.StatementSpec query = Keyset.bind(jdbc.sql(sql.toString()), page)
                .param("partner", tenant.partnerId()).param("environment", tenant.environment().wireName());
        if (!filter.stages().isEmpty()) {
            query = query.param("stages", filter.stages().stream().map(Stage::wireName).toList());
        }
        if (filter.productId().isPresent()) {
            query = query.param("product", filter.productId().get());
        }
        if (filter.externalReference().isPresent()) {
            query = query.param("reference", filter.externalReference().get());
        }
        if (filter.createdAfter().isPresent()) {
            query = query.param("createdAfter", SqlTime.of(filter.createdAfter().get()));
        }
        if (filter.updatedAfter().isPresent()) {
            query = query.param("updatedAfter", SqlTime.of(filter.updatedAfter().get()));
        }
        return query.query(this::opportunity).list();
    }

    /** Newest first; UUIDv7 ids rise with writing order, so they break ties of the same instant (D18). */
    List<TimelineEntry> timeline(UUID opportunityId) {
        return jdbc.sql("select * from opportunity_timeline where opportunity_id = :id order by occurred_at desc, id desc")
                .param("id", opportunityId)
                .query((rs, n) -> new TimelineEntry(rs.getObject("id", UUID.class), rs.getString("entry_type"),
                        SqlTime.instant(rs, "occurred_at"), rs.getString("actor"), rs.getString("details")))
                .list();
    }

    List<Note> notes(UUID opportunityId) {
        return jdbc.sql("select * from opportunity_notes where opportunity_id = :id order by created_at desc, id desc")
                .param("id", opportunityId)
                .query((rs, n) -> new Note(rs.getObject("id", UUID.class), rs.getObject("opportunity_id", UUID.class),
                        rs.getString("body"), rs.getString("author"), SqlTime.instant(rs, "created_at")))
                .list();
    }

    List<OpportunityTask> tasks(UUID opportunityId) {
        return jdbc.sql("select * from opportunity_tasks where opportunity_id = :id order by created_at desc, id desc")
                .param("id", opportunityId)
                .query((rs, n) -> new OpportunityTask(rs.getObject("id", UUID.class),
                        rs.getObject("opportunity_id", UUID.class), rs.getString("title"),
                        SqlTime.optionalInstant(rs, "due_at"), Optional.ofNullable(rs.getString("assignee")),
                        rs.getString("status"), SqlTime.instant(rs, "created_at"),
                        SqlTime.optionalInstant(rs, "completed_at")))
                .list();
    }

    private Opportunity opportunity(ResultSet rs, int row) throws SQLException {
        return new Opportunity(rs.getObject("id", UUID.class), rs.getObject("product_id", UUID.class),
                rs.getObject("session_id", UUID.class), Optional.ofNullable(rs.getString("external_reference")),
                Stage.fromWire(rs.getString("stage")).orElseThrow(), Optional.ofNullable(rs.getString("owner_name")),
                rs.getString("metadata"), Optional.ofNullable(rs.getString("outcome")), rs.getInt("version"),
                SqlTime.instant(rs, "created_at"), SqlTime.instant(rs, "updated_at"));
    }

    record Current(UUID id, Stage stage) {
    }
}
