package io.assent.platform.installation;

import java.time.Clock;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import io.assent.platform.time.SqlTime;

/**
 * Facts about this installation that must hold once across restarts and nodes, such as "demo data
 * was created".
 */
@Component
public class InstallationFacts {

    private final JdbcClient jdbc;
    private final Clock clock;

    public InstallationFacts(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /**
     * Records the fact; true only for the one caller that recorded it first. Call it inside the
     * transaction that does the work, so the fact and the work commit together.
     */
    public boolean recordOnce(String name, String value) {
        try {
            jdbc.sql("insert into installation_facts (name, fact_value, created_at) values (:name, :value, :at)")
                    .param("name", name).param("value", value).param("at", SqlTime.of(clock.instant()))
                    .update();
            return true;
        } catch (DuplicateKeyException known) {
            return false;
        }
    }

    public boolean isRecorded(String name) {
        return jdbc.sql("select count(*) from installation_facts where name = :name").param("name", name)
                .query(Integer.class).single() > 0;
    }
}
