package io.assent.consumer;

import java.time.Instant;
import java.util.Arrays;
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

@Repository
class GrantAccessRepository {

    private final JdbcClient jdbc;

    GrantAccessRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Stores the read; answers it as its chain entry, built from the values as stored. */
    ChainEntry insert(UUID id, UUID grantId, UUID consumerId, String clientId, List<String> categories, Instant at) {
        String joined = String.join(",", categories);
        jdbc.sql("""
                insert into grant_accesses (id, grant_id, consumer_id, client_id, categories, accessed_at)
                values (:id, :grant, :consumer, :client, :categories, :at)""")
                .param("id", id).param("grant", grantId).param("consumer", consumerId).param("client", clientId)
                .param("categories", joined).param("at", SqlTime.of(at))
                .update();
        return chainEntry(id, grantId, consumerId, clientId, joined, SqlTime.of(at).toInstant());
    }

    /** The chain entries of these reads as stored now (D20); reads that are gone are absent. */
    Map<UUID, ChainEntry> chainEntries(Collection<UUID> ids) {
        Map<UUID, ChainEntry> entries = new HashMap<>();
        if (ids.isEmpty()) {
            return entries;
        }
        jdbc.sql("select * from grant_accesses where id in (:ids)").param("ids", List.copyOf(ids))
                .query(rs -> {
                    UUID id = rs.getObject("id", UUID.class);
                    entries.put(id, chainEntry(id, rs.getObject("grant_id", UUID.class), rs.getObject("consumer_id", UUID.class),
                            rs.getString("client_id"), rs.getString("categories"), SqlTime.instant(rs, "accessed_at")));
                });
        return entries;
    }

    private static ChainEntry chainEntry(UUID id, UUID grantId, UUID consumerId, String clientId, String categories,
                                         Instant at) {
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("id", id.toString());
        content.put("grant_id", grantId.toString());
        content.put("consumer_id", consumerId.toString());
        content.put("client_id", clientId);
        content.put("categories", categories(categories));
        content.put("accessed_at", at.toString());
        return new ChainEntry(ChainEntry.GRANT_ACCESS, id, content);
    }

    List<GrantAccess> page(UUID grantId, PageRequest page) {
        return Keyset.bind(jdbc.sql("select * from grant_accesses where grant_id = :grant" + Keyset.page(page, "accessed_at")), page)
                .param("grant", grantId)
                .query((rs, n) -> new GrantAccess(rs.getObject("id", UUID.class).toString(), SqlTime.instant(rs, "accessed_at"),
                        rs.getString("client_id"), categories(rs.getString("categories"))))
                .list();
    }

    Map<UUID, GrantAccessLog.Summary> summaries(Collection<UUID> grantIds) {
        Map<UUID, GrantAccessLog.Summary> summaries = new HashMap<>();
        if (grantIds.isEmpty()) {
            return summaries;
        }
        jdbc.sql("select grant_id, count(*) as n, max(accessed_at) as last_at from grant_accesses"
                        + " where grant_id in (:grants) group by grant_id")
                .param("grants", List.copyOf(grantIds))
                .query(rs -> {
                    summaries.put(rs.getObject("grant_id", UUID.class),
                            new GrantAccessLog.Summary(rs.getLong("n"), SqlTime.optionalInstant(rs, "last_at")));
                });
        return summaries;
    }

    private static List<String> categories(String text) {
        return text.isEmpty() ? List.of() : Arrays.asList(text.split(","));
    }
}
