package io.assent.partners;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import io.assent.platform.time.SqlTime;

@Repository
class ClientRepository {

    private final JdbcClient jdbc;

    ClientRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Client client) {
        jdbc.sql("""
                insert into clients (id, partner_id, name, client_type, environment, scopes, redirect_uris,
                                     allowed_origins, status, created_at)
                values (:id, :partner, :name, :type, :environment, :scopes, :redirects, :origins, :status, :created)""")
                .param("id", client.id()).param("partner", client.partnerId().orElse(null))
                .param("name", client.name()).param("type", client.type().wireName())
                .param("environment", client.environment().wireName())
                .param("scopes", Scopes.format(client.scopes()))
                .param("redirects", String.join(" ", client.redirectUris()))
                .param("origins", String.join(" ", client.allowedOrigins()))
                .param("status", client.active() ? "active" : "disabled")
                .param("created", SqlTime.of(client.createdAt()))
                .update();
    }

    Optional<Client> find(UUID id) {
        return jdbc.sql("select * from clients where id = :id").param("id", id).query(ClientRepository::client).optional();
    }

    /** The tenant's clients, newest first (a partner has a handful, so no paging). */
    List<Client> listOf(UUID partnerId, Environment environment) {
        return jdbc.sql("select * from clients where partner_id = :partner and environment = :environment order by created_at desc, id desc")
                .param("partner", partnerId).param("environment", environment.wireName())
                .query(ClientRepository::client).list();
    }

    void disable(UUID id) {
        jdbc.sql("update clients set status = 'disabled' where id = :id").param("id", id).update();
    }

    int countPublicClientsAllowing(String origin) {
        return jdbc.sql("""
                select count(*) from clients
                where status = 'active' and client_type = 'public' and concat(' ', allowed_origins, ' ') like :pattern""")
                .param("pattern", "% " + origin.replace("%", "").replace("_", "\\_") + " %")
                .query(Integer.class).single();
    }

    void insertSecret(UUID secretId, UUID clientId, String digest, Instant createdAt) {
        jdbc.sql("""
                insert into client_secrets (id, client_id, secret_hash, created_at, expires_at)
                values (:id, :client, :digest, :created, null)""")
                .param("id", secretId).param("client", clientId).param("digest", digest)
                .param("created", SqlTime.of(createdAt))
                .update();
    }

    /** Gives every secret of the client that has no end yet the end {@code expiresAt}. */
    void expireOpenSecrets(UUID clientId, Instant expiresAt) {
        jdbc.sql("update client_secrets set expires_at = :expires where client_id = :client and expires_at is null")
                .param("expires", SqlTime.of(expiresAt)).param("client", clientId)
                .update();
    }

    /** Digests of the secrets that still work at {@code now}. */
    List<String> liveSecretDigests(UUID clientId, Instant now) {
        return jdbc.sql("""
                select secret_hash from client_secrets
                where client_id = :client and (expires_at is null or expires_at > :now)""")
                .param("client", clientId).param("now", SqlTime.of(now))
                .query(String.class).list();
    }

    private static Client client(ResultSet rs, int row) throws SQLException {
        return new Client(
                rs.getObject("id", UUID.class),
                Optional.ofNullable(rs.getObject("partner_id", UUID.class)),
                rs.getString("name"),
                ClientType.fromWire(rs.getString("client_type")).orElseThrow(),
                Environment.fromWire(rs.getString("environment")).orElseThrow(),
                Scopes.parse(rs.getString("scopes")),
                words(rs.getString("redirect_uris")),
                words(rs.getString("allowed_origins")),
                "active".equals(rs.getString("status")),
                SqlTime.instant(rs, "created_at"));
    }

    private static List<String> words(String text) {
        return text.isBlank() ? List.of() : Arrays.asList(text.trim().split(" +"));
    }
}
