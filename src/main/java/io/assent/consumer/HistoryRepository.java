package io.assent.consumer;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.pagination.Keyset;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.time.SqlTime;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

@Repository
class HistoryRepository {

    private static final TypeReference<Map<String, Object>> DETAILS = new TypeReference<>() {
    };

    private final JdbcClient jdbc;
    private final JsonMapper json;

    HistoryRepository(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    void insert(UUID id, UUID consumerId, String type, Instant at, String actor, String summary, Map<String, Object> details) {
        jdbc.sql("""
                insert into history_events (id, consumer_id, event_type, occurred_at, actor, summary, details)
                values (:id, :consumer, :type, :at, :actor, :summary, :details)""")
                .param("id", id).param("consumer", consumerId).param("type", type)
                .param("at", SqlTime.of(at)).param("actor", actor).param("summary", summary)
                .param("details", json.writeValueAsString(details))
                .update();
    }

    /** The consumer's entries, newest first, one page past the cursor. */
    List<HistoryEvent> page(UUID consumerId, PageRequest page) {
        return Keyset.bind(jdbc.sql("select * from history_events where consumer_id = :consumer" + Keyset.page(page, "occurred_at")), page)
                .param("consumer", consumerId)
                .query((rs, n) -> new HistoryEvent(rs.getObject("id", UUID.class).toString(), rs.getString("event_type"),
                        SqlTime.instant(rs, "occurred_at"), rs.getString("actor"), rs.getString("summary"),
                        json.readValue(rs.getString("details"), DETAILS)))
                .list();
    }
}
