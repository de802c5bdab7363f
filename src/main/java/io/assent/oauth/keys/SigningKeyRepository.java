package io.assent.oauth.keys;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.time.SqlTime;

@Repository
class SigningKeyRepository {

    private static final String COLUMNS = "kid, algorithm, public_jwk, private_jwk_encrypted, created_at, retired_at, keep_published";

    private final JdbcClient jdbc;

    SigningKeyRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Stores a key as the current one. Fails with a {@code DuplicateKeyException} while another key
     * is current (the unique {@code is_current}): that is how a concurrent writer learns it lost.
     */
    void insertCurrent(StoredKey key) {
        jdbc.sql("""
                insert into signing_keys (kid, algorithm, public_jwk, private_jwk_encrypted, created_at, retired_at, is_current)
                values (:kid, :algorithm, :public, :private, :created, null, true)""")
                .param("kid", key.kid()).param("algorithm", key.algorithm())
                .param("public", key.publicJwk()).param("private", key.privateJwkEncrypted())
                .param("created", SqlTime.of(key.createdAt()))
                .update();
    }

    /** Retires the key if it is still current; false when someone else retired it first. */
    boolean retire(String kid, Instant at) {
        return jdbc.sql("""
                update signing_keys set retired_at = :at, is_current = null
                where kid = :kid and retired_at is null""")
                .param("at", SqlTime.of(at)).param("kid", kid)
                .update() == 1;
    }

    /** Marks the key as published for good; only an unmarked row is touched, so marked keys take no row lock. */
    void keepPublished(String kid) {
        jdbc.sql("update signing_keys set keep_published = true where kid = :kid and keep_published = false")
                .param("kid", kid).update();
    }

    Optional<StoredKey> findCurrent() {
        return jdbc.sql("select " + COLUMNS + " from signing_keys where retired_at is null order by created_at desc limit 1")
                .query(SigningKeyRepository::key).optional();
    }

    /**
     * The current key, then the keys retired after {@code retiredAfter} or kept published for good,
     * most recently retired first.
     */
    List<StoredKey> findPublished(Instant retiredAfter) {
        return jdbc.sql("select " + COLUMNS + """
                 from signing_keys
                where retired_at is null or retired_at > :after or keep_published = true
                order by retired_at desc nulls first, created_at desc""")
                .param("after", SqlTime.of(retiredAfter))
                .query(SigningKeyRepository::key).list();
    }

    private static StoredKey key(ResultSet rs, int row) throws SQLException {
        return new StoredKey(rs.getString("kid"), rs.getString("algorithm"), rs.getString("public_jwk"),
                rs.getString("private_jwk_encrypted"), SqlTime.instant(rs, "created_at"),
                SqlTime.optionalInstant(rs, "retired_at"), rs.getBoolean("keep_published"));
    }
}
