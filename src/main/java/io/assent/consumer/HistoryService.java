package io.assent.consumer;

import java.time.Clock;
import java.util.Map;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import io.assent.platform.id.IdGenerator;
import io.assent.platform.time.SqlTime;
import tools.jackson.databind.json.JsonMapper;

/**
 * The consumer's activity history (D17): one entry per thing that happened to their data, written
 * in the transaction of the change, with a sentence a person can read.
 */
@Service
public class HistoryService {

    /** Who did it. */
    public enum Actor {
        CONSUMER, PARTNER, SYSTEM;

        public String wireName() {
            return name().toLowerCase();
        }
    }

    private final JdbcClient jdbc;
    private final IdGenerator ids;
    private final Clock clock;
    private final JsonMapper json;

    public HistoryService(JdbcClient jdbc, IdGenerator ids, Clock clock, JsonMapper json) {
        this.jdbc = jdbc;
        this.ids = ids;
        this.clock = clock;
        this.json = json;
    }

    @Transactional(propagation = Propagation.MANDATORY)
    public void record(UUID consumerId, String type, Actor actor, String summary, Map<String, Object> details) {
        jdbc.sql("""
                insert into history_events (id, consumer_id, event_type, occurred_at, actor, summary, details)
                values (:id, :consumer, :type, :at, :actor, :summary, :details)""")
                .param("id", ids.newId()).param("consumer", consumerId).param("type", type)
                .param("at", SqlTime.of(clock.instant())).param("actor", actor.wireName()).param("summary", summary)
                .param("details", json.writeValueAsString(details))
                .update();
    }
}
