package io.assent.platform.idempotency;

import java.time.Instant;
import java.util.Optional;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.time.SqlTime;

@Repository
class IdempotencyRepository {

    private final JdbcClient jdbc;

    IdempotencyRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Takes the key for a new request; false when somebody holds or has used it. */
    boolean tryInsert(String owner, String key, String requestHash, Instant now, Instant leaseUntil) {
        try {
            jdbc.sql("""
                    insert into idempotency_keys (owner_key, idem_key, request_hash, created_at, lease_until)
                    values (:owner, :key, :hash, :now, :lease)""")
                    .param("owner", owner).param("key", key).param("hash", requestHash)
                    .param("now", SqlTime.of(now)).param("lease", SqlTime.of(leaseUntil))
                    .update();
            return true;
        } catch (DuplicateKeyException taken) {
            return false;
        }
    }

    Optional<IdempotencyRecord> find(String owner, String key) {
        return jdbc.sql("""
                select request_hash, created_at, lease_until, response_status, response_content_type,
                       response_body, response_location
                from idempotency_keys where owner_key = :owner and idem_key = :key""")
                .param("owner", owner).param("key", key)
                .query((rs, n) -> {
                    int status = rs.getInt("response_status");
                    Optional<StoredResponse> response = rs.wasNull() ? Optional.empty() : Optional.of(new StoredResponse(
                            status, rs.getString("response_content_type"), rs.getBytes("response_body"),
                            rs.getString("response_location")));
                    return new IdempotencyRecord(rs.getString("request_hash"), SqlTime.instant(rs, "created_at"),
                            SqlTime.instant(rs, "lease_until"), response);
                })
                .optional();
    }

    /**
     * Takes over a key whose holder is presumed dead (lease passed, nothing stored) or whose
     * result has expired. Single winner: the row must still look the way the caller saw it.
     */
    boolean takeOver(String owner, String key, IdempotencyRecord seen, String requestHash, Instant now, Instant leaseUntil) {
        return jdbc.sql("""
                update idempotency_keys
                set request_hash = :hash, created_at = :now, lease_until = :lease,
                    response_status = null, response_content_type = null, response_body = null, response_location = null
                where owner_key = :owner and idem_key = :key and created_at = :seenCreated and lease_until = :seenLease""")
                .param("hash", requestHash).param("now", SqlTime.of(now)).param("lease", SqlTime.of(leaseUntil))
                .param("owner", owner).param("key", key)
                .param("seenCreated", SqlTime.of(seen.createdAt())).param("seenLease", SqlTime.of(seen.leaseUntil()))
                .update() == 1;
    }

    void complete(String owner, String key, StoredResponse response) {
        jdbc.sql("""
                update idempotency_keys
                set response_status = :status, response_content_type = :type, response_body = :body, response_location = :location
                where owner_key = :owner and idem_key = :key""")
                .param("status", response.status()).param("type", response.contentType())
                .param("body", response.body()).param("location", response.location())
                .param("owner", owner).param("key", key)
                .update();
    }

    void release(String owner, String key) {
        jdbc.sql("delete from idempotency_keys where owner_key = :owner and idem_key = :key and response_status is null")
                .param("owner", owner).param("key", key)
                .update();
    }

    int deleteCreatedBefore(Instant cutoff) {
        return jdbc.sql("delete from idempotency_keys where created_at < :cutoff")
                .param("cutoff", SqlTime.of(cutoff))
                .update();
    }
}
