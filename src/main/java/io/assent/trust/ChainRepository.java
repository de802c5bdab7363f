package io.assent.trust;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.time.SqlTime;

@Repository
class ChainRepository {

    private final JdbcClient jdbc;

    ChainRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The consumer's head, locked until the transaction ends: the one lock that orders their appends. */
    Optional<ChainHead> lockHead(UUID consumerId) {
        return jdbc.sql("select consumer_id, entry_count, head_hash from trust_chain_heads where consumer_id = :c for update")
                .param("c", consumerId).query(ChainRepository::head).optional();
    }

    Optional<ChainHead> head(UUID consumerId) {
        return jdbc.sql("select consumer_id, entry_count, head_hash from trust_chain_heads where consumer_id = :c")
                .param("c", consumerId).query(ChainRepository::head).optional();
    }

    /**
     * Creates the empty head unless it exists. Two first appends at once both get here; the second
     * waits for the first's row and then inserts nothing, without failing its transaction.
     */
    void createHead(UUID consumerId, String emptyHash, Instant at) {
        jdbc.sql("""
                insert into trust_chain_heads (consumer_id, entry_count, head_hash, updated_at)
                values (:c, 0, :hash, :at) on conflict do nothing""")
                .param("c", consumerId).param("hash", emptyHash).param("at", SqlTime.of(at))
                .update();
    }

    void append(UUID consumerId, long seq, ChainEntry entry, String hash, Instant at) {
        jdbc.sql("""
                insert into trust_chain_entries (consumer_id, seq, entry_kind, entry_id, hash, appended_at)
                values (:c, :seq, :kind, :entry, :hash, :at)""")
                .param("c", consumerId).param("seq", seq).param("kind", entry.kind()).param("entry", entry.id())
                .param("hash", hash).param("at", SqlTime.of(at))
                .update();
        jdbc.sql("update trust_chain_heads set entry_count = :seq, head_hash = :hash, updated_at = :at where consumer_id = :c")
                .param("seq", seq).param("hash", hash).param("at", SqlTime.of(at)).param("c", consumerId)
                .update();
    }

    /** Entries {@code from} to {@code to} (inclusive) of the consumer's chain, in order. */
    List<StoredLink> links(UUID consumerId, long from, long to) {
        return jdbc.sql("""
                select seq, entry_kind, entry_id, hash from trust_chain_entries
                where consumer_id = :c and seq >= :from and seq <= :to order by seq""")
                .param("c", consumerId).param("from", from).param("to", to)
                .query((rs, n) -> new StoredLink(rs.getLong("seq"), rs.getString("entry_kind"),
                        rs.getObject("entry_id", UUID.class), rs.getString("hash")))
                .list();
    }

    long linkCount(UUID consumerId) {
        return jdbc.sql("select count(*) from trust_chain_entries where consumer_id = :c").param("c", consumerId)
                .query(Long.class).single();
    }

    long maxSeq(UUID consumerId) {
        return jdbc.sql("select coalesce(max(seq), 0) from trust_chain_entries where consumer_id = :c").param("c", consumerId)
                .query(Long.class).single();
    }

    /** Every consumer with a chain (a head or an entry), in id order. */
    void eachConsumer(Consumer<UUID> action) {
        jdbc.sql("select consumer_id from trust_chain_heads union select consumer_id from trust_chain_entries order by 1")
                .query(rs -> {
                    action.accept(rs.getObject(1, UUID.class));
                });
    }

    private static ChainHead head(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new ChainHead(rs.getObject("consumer_id", UUID.class), rs.getLong("entry_count"), rs.getString("head_hash"));
    }

    /** The head row: how many entries the chain has and the hash of the last. */
    record ChainHead(UUID consumerId, long count, String hash) {
    }

    /** An entry row: which record, at which place, with which hash. */
    record StoredLink(long seq, String kind, UUID entryId, String hash) {
    }
}
