package io.assent.trust;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.time.SqlTime;

@Repository
class ReceiptRepository {

    private final JdbcClient jdbc;

    ReceiptRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(UUID id, ConsentTerms terms, String type, Instant issuedAt, String kid, String jws) {
        jdbc.sql("""
                insert into consent_receipts (id, session_id, grant_id, consumer_id, receipt_type, issued_at, kid, jws)
                values (:id, :session, :grant, :consumer, :type, :at, :kid, :jws)""")
                .param("id", id).param("session", terms.sessionId()).param("grant", terms.grantId())
                .param("consumer", terms.consumerId()).param("type", type).param("at", SqlTime.of(issuedAt))
                .param("kid", kid).param("jws", jws)
                .update();
    }

    /** The session's receipts, oldest first. */
    List<Receipt> bySession(UUID sessionId) {
        return jdbc.sql("select id, receipt_type, issued_at, jws from consent_receipts where session_id = :s order by issued_at, id")
                .param("s", sessionId)
                .query((rs, n) -> new Receipt(rs.getObject("id", UUID.class).toString(), rs.getString("receipt_type"),
                        SqlTime.instant(rs, "issued_at"), rs.getString("jws")))
                .list();
    }

    /** The id of the grant's newest receipt. */
    Optional<UUID> latestOfGrant(UUID grantId) {
        return jdbc.sql("select id from consent_receipts where grant_id = :g order by issued_at desc, id desc limit 1")
                .param("g", grantId).query(UUID.class).optional();
    }
}
