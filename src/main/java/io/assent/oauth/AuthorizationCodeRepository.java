package io.assent.oauth;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.security.Scopes;
import io.assent.platform.time.SqlTime;

@Repository
class AuthorizationCodeRepository {

    private final JdbcClient jdbc;

    AuthorizationCodeRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(AuthorizationCode code) {
        jdbc.sql("""
                insert into authorization_codes (code_hash, client_id, user_id, redirect_uri, scope, code_challenge,
                                                 created_at, expires_at)
                values (:hash, :client, :user, :redirect, :scope, :challenge, :created, :expires)""")
                .param("hash", code.codeHash()).param("client", code.clientId()).param("user", code.userId())
                .param("redirect", code.redirectUri()).param("scope", Scopes.format(code.scopes()))
                .param("challenge", code.codeChallenge()).param("created", SqlTime.of(code.createdAt()))
                .param("expires", SqlTime.of(code.expiresAt()))
                .update();
    }

    Optional<AuthorizationCode> find(String codeHash) {
        return jdbc.sql("select * from authorization_codes where code_hash = :hash")
                .param("hash", codeHash)
                .query((rs, n) -> new AuthorizationCode(rs.getString("code_hash"), rs.getObject("client_id", UUID.class),
                        rs.getObject("user_id", UUID.class), rs.getString("redirect_uri"), Scopes.parse(rs.getString("scope")),
                        rs.getString("code_challenge"), SqlTime.instant(rs, "created_at"), SqlTime.instant(rs, "expires_at"),
                        SqlTime.optionalInstant(rs, "used_at"), Optional.ofNullable(rs.getObject("chain_id", UUID.class))))
                .optional();
    }

    /** Spends the code for the chain it starts; exactly one caller wins. */
    boolean redeem(String codeHash, UUID chainId, Instant at) {
        return jdbc.sql("update authorization_codes set used_at = :at, chain_id = :chain where code_hash = :hash and used_at is null")
                .param("at", SqlTime.of(at)).param("chain", chainId).param("hash", codeHash)
                .update() == 1;
    }
}
