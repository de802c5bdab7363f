package io.assent.opportunities;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
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
                                           metadata, version, created_at, updated_at, search_text)
                values (:id, :partner, :environment, :product, :session, :reference, 'new', '{}', 1, :at, :at, :search)""")
                .param("id", id).param("partner", tenant.partnerId()).param("environment", tenant.environment().wireName())
                .param("product", productId).param("session", sessionId).param("reference", externalReference.orElse(null))
                .param("at", SqlTime.of(at))
                .param("search", SearchText.of(externalReference, List.of(), List.of(), List.of()))
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

    /** The tenant's opportunity, locked until the transaction ends: every write to one opportunity goes through here. */
    Optional<Opportunity> lock(Tenant tenant, UUID id) {
        return jdbc.sql("""
                select * from opportunities where id = :id and partner_id = :partner and environment = :environment
                for update""")
                .param("id", id).param("partner", tenant.partnerId()).param("environment", tenant.environment().wireName())
                .query(this::opportunity).optional();
    }

    /** Writes the partner-editable fields and counts the change in {@code version} (D18). */
    void update(UUID id, Stage stage, Optional<String> owner, String metadata, Optional<String> outcome, Instant at) {
        jdbc.sql("""
                update opportunities set stage = :stage, owner_name = :owner, metadata = :metadata, outcome = :outcome,
                                         version = version + 1, updated_at = :at
                where id = :id""")
                .param("stage", stage.wireName()).param("owner", owner.orElse(null)).param("metadata", metadata)
                .param("outcome", outcome.orElse(null)).param("at", SqlTime.of(at)).param("id", id)
                .update();
    }

    void insertNote(Note note) {
        jdbc.sql("""
                insert into opportunity_notes (id, opportunity_id, body, author, created_at)
                values (:id, :opportunity, :body, :author, :at)""")
                .param("id", note.id()).param("opportunity", note.opportunityId()).param("body", note.body())
                .param("author", note.author()).param("at", SqlTime.of(note.createdAt()))
                .update();
    }

    void insertTask(OpportunityTask task) {
        jdbc.sql("""
                insert into opportunity_tasks (id, opportunity_id, title, due_at, assignee, status, created_at, completed_at)
                values (:id, :opportunity, :title, :due, :assignee, :status, :at, :completed)""")
                .param("id", task.id()).param("opportunity", task.opportunityId()).param("title", task.title())
                .param("due", task.dueAt().map(SqlTime::of).orElse(null)).param("assignee", task.assignee().orElse(null))
                .param("status", task.status().wireName()).param("at", SqlTime.of(task.createdAt()))
                .param("completed", task.completedAt().map(SqlTime::of).orElse(null))
                .update();
    }

    void updateTask(OpportunityTask task) {
        jdbc.sql("""
                update opportunity_tasks set title = :title, due_at = :due, assignee = :assignee, status = :status,
                                             completed_at = :completed
                where id = :id""")
                .param("title", task.title()).param("due", task.dueAt().map(SqlTime::of).orElse(null))
                .param("assignee", task.assignee().orElse(null)).param("status", task.status().wireName())
                .param("completed", task.completedAt().map(SqlTime::of).orElse(null)).param("id", task.id())
                .update();
    }

    Optional<OpportunityTask> task(UUID opportunityId, UUID taskId) {
        return jdbc.sql("select * from opportunity_tasks where id = :id and opportunity_id = :opportunity")
                .param("id", taskId).param("opportunity", opportunityId)
                .query(this::task).optional();
    }

    /**
     * Rebuilds the opportunity's {@code search_text} from what {@code q} searches. Called after every
     * write that changes one of its parts, in the same transaction, under the opportunity's lock.
     */
    void refreshSearchText(UUID id, Optional<String> reference, Collection<String> metadataValues) {
        List<String> notes = jdbc.sql("select body from opportunity_notes where opportunity_id = :id order by id")
                .param("id", id).query(String.class).list();
        List<String> titles = jdbc.sql("select title from opportunity_tasks where opportunity_id = :id order by id")
                .param("id", id).query(String.class).list();
        jdbc.sql("update opportunities set search_text = :text where id = :id")
                .param("text", SearchText.of(reference, metadataValues, notes, titles)).param("id", id)
                .update();
    }

    /** How many of the tenant's opportunities are in each stage (stages with none are left out). */
    Map<Stage, Long> stageCounts(Tenant tenant) {
        Map<Stage, Long> counts = new EnumMap<>(Stage.class);
        jdbc.sql("""
                select stage, count(*) as n from opportunities where partner_id = :partner and environment = :environment
                group by stage""")
                .param("partner", tenant.partnerId()).param("environment", tenant.environment().wireName())
                .query((rs, n) -> Map.entry(Stage.fromWire(rs.getString("stage")).orElseThrow(), rs.getLong("n")))
                .list().forEach(e -> counts.put(e.getKey(), e.getValue()));
        return counts;
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
        // search_text is lower-cased when written; on PostgreSQL the trigram index of V10 serves this.
        filter.text().ifPresent(t -> sql.append(" and search_text like :text escape '\\'"));
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
        if (filter.text().isPresent()) {
            query = query.param("text", SearchText.pattern(filter.text().get()));
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
                .query(this::task)
                .list();
    }

    private OpportunityTask task(ResultSet rs, int row) throws SQLException {
        return new OpportunityTask(rs.getObject("id", UUID.class), rs.getObject("opportunity_id", UUID.class),
                rs.getString("title"), SqlTime.optionalInstant(rs, "due_at"), Optional.ofNullable(rs.getString("assignee")),
                TaskStatus.fromWire(rs.getString("status")).orElseThrow(), SqlTime.instant(rs, "created_at"),
                SqlTime.optionalInstant(rs, "completed_at"));
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
