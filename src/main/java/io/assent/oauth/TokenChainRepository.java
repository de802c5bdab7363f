package io.assent.oauth;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.security.Scopes;
import io.assent.platform.time.SqlTime;

@Repository
class TokenChainRepository {

    private final JdbcClient jdbc;

    TokenChainRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(TokenChain chain) {
        jdbc.sql("""
                insert into token_chains (id, client_id, user_id, scope, created_at, absolute_expires_at)
                values (:id, :client, :user, :scope, :created, :expires)""")
                .param("id", chain.id()).param("client", chain.clientId()).param("user", chain.userId())
                .param("scope", Scopes.format(chain.scopes())).param("created", SqlTime.of(chain.createdAt()))
                .param("expires", SqlTime.of(chain.absoluteExpiresAt()))
                .update();
    }

    /** Marks the chain revoked; false if it already was. */
    boolean revoke(UUID chainId, Instant at, String reason) {
        return jdbc.sql("update token_chains set revoked_at = :at, revoked_reason = :reason where id = :id and revoked_at is null")
                .param("at", SqlTime.of(at)).param("reason", reason).param("id", chainId)
                .update() == 1;
    }

    void insertRefreshToken(String tokenHash, UUID chainId, Instant createdAt, Instant idleExpiresAt) {
        jdbc.sql("""
                insert into refresh_tokens (token_hash, chain_id, created_at, idle_expires_at)
                values (:hash, :chain, :created, :idle)""")
                .param("hash", tokenHash).param("chain", chainId).param("created", SqlTime.of(createdAt))
                .param("idle", SqlTime.of(idleExpiresAt))
                .update();
    }

    Optional<RefreshTokenRecord> findRefreshToken(String tokenHash) {
        return jdbc.sql("""
                select r.token_hash, r.idle_expires_at, r.used_at,
                       c.id, c.client_id, c.user_id, c.scope, c.created_at, c.absolute_expires_at, c.revoked_at
                from refresh_tokens r join token_chains c on c.id = r.chain_id
                where r.token_hash = :hash""")
                .param("hash", tokenHash)
                .query((rs, n) -> new RefreshTokenRecord(rs.getString("token_hash"), chain(rs),
                        SqlTime.instant(rs, "idle_expires_at"), SqlTime.optionalInstant(rs, "used_at")))
                .optional();
    }

    /** Spends a refresh token; exactly one caller wins for each token. */
    boolean markUsed(String tokenHash, Instant at) {
        return jdbc.sql("update refresh_tokens set used_at = :at where token_hash = :hash and used_at is null")
                .param("at", SqlTime.of(at)).param("hash", tokenHash)
                .update() == 1;
    }

    private static TokenChain chain(ResultSet rs) throws SQLException {
        return new TokenChain(rs.getObject("id", UUID.class), rs.getObject("client_id", UUID.class),
                rs.getObject("user_id", UUID.class), Scopes.parse(rs.getString("scope")),
                SqlTime.instant(rs, "created_at"), SqlTime.instant(rs, "absolute_expires_at"),
                SqlTime.optionalInstant(rs, "revoked_at"));
    }
}
