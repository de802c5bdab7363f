package io.assent.consumer;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.pagination.Keyset;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.time.SqlTime;
import io.assent.trust.ChainEntry;
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

    /** Stores the event; answers it as its chain entry, built from the values as stored. */
    ChainEntry insert(UUID id, UUID consumerId, String type, Instant at, String actor, String summary, Map<String, Object> details) {
        String detailsJson = json.writeValueAsString(details);
        jdbc.sql("""
                insert into history_events (id, consumer_id, event_type, occurred_at, actor, summary, details)
                values (:id, :consumer, :type, :at, :actor, :summary, :details)""")
                .param("id", id).param("consumer", consumerId).param("type", type)
                .param("at", SqlTime.of(at)).param("actor", actor).param("summary", summary)
                .param("details", detailsJson)
                .update();
        return chainEntry(id, consumerId, type, SqlTime.of(at).toInstant(), actor, summary, detailsJson);
    }

    /** The chain entries of these events as stored now (D20); events that are gone are absent. */
    Map<UUID, ChainEntry> chainEntries(Collection<UUID> ids) {
        Map<UUID, ChainEntry> entries = new HashMap<>();
        if (ids.isEmpty()) {
            return entries;
        }
        jdbc.sql("select * from history_events where id in (:ids)").param("ids", List.copyOf(ids))
                .query(rs -> {
                    UUID id = rs.getObject("id", UUID.class);
                    entries.put(id, chainEntry(id, rs.getObject("consumer_id", UUID.class), rs.getString("event_type"),
                            SqlTime.instant(rs, "occurred_at"), rs.getString("actor"), rs.getString("summary"),
                            rs.getString("details")));
                });
        return entries;
    }

    /** Every stored field of the row, the details as the JSON they were stored as. */
    private ChainEntry chainEntry(UUID id, UUID consumerId, String type, Instant at, String actor, String summary,
                                  String detailsJson) {
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("id", id.toString());
        content.put("consumer_id", consumerId.toString());
        content.put("type", type);
        content.put("occurred_at", at.toString());
        content.put("actor", actor);
        content.put("summary", summary);
        content.put("details", json.readValue(detailsJson, DETAILS));
        return new ChainEntry(ChainEntry.HISTORY_EVENT, id, content);
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
