package io.assent.sessions;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.pagination.Keyset;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Tenant;
import io.assent.platform.time.SqlTime;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

@Repository
class SessionRepository {

    private static final TypeReference<Map<String, String>> METADATA = new TypeReference<>() { };

    private final JdbcClient jdbc;
    private final JsonMapper json;

    SessionRepository(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    void insert(ConsentSession s) {
        jdbc.sql("""
                insert into consent_sessions (id, partner_id, environment, client_id, product_id, product_version, opportunity_id,
                    external_reference, return_url, metadata, consumer_hint, status, collection_method, embed_origin,
                    expires_at, created_at, updated_at)
                values (:id, :partner, :environment, :client, :product, :version, :opportunity, :reference, :returnUrl, :metadata,
                    :hint, :status, :method, :origin, :expires, :created, :updated)""")
                .param("id", s.id()).param("partner", s.tenant().partnerId())
                .param("environment", s.tenant().environment().wireName()).param("client", s.clientId())
                .param("product", s.productId()).param("version", s.productVersion()).param("opportunity", s.opportunityId())
                .param("reference", s.externalReference().orElse(null)).param("returnUrl", s.returnUrl().orElse(null))
                .param("metadata", json.writeValueAsString(s.metadata())).param("hint", s.consumerHint().orElse(null))
                .param("status", s.status().wireName()).param("method", s.collectionMethod().wireName())
                .param("origin", s.embedOrigin().orElse(null)).param("expires", SqlTime.of(s.expiresAt()))
                .param("created", SqlTime.of(s.createdAt())).param("updated", SqlTime.of(s.updatedAt()))
                .update();
    }

    Optional<ConsentSession> find(UUID id) {
        return jdbc.sql("select * from consent_sessions where id = :id").param("id", id).query(this::session).optional();
    }

    /** The session, locked until the transaction ends, so two answers never race. */
    Optional<ConsentSession> lock(UUID id) {
        return jdbc.sql("select * from consent_sessions where id = :id for update").param("id", id)
                .query(this::session).optional();
    }

    void setEmbedTokenHash(UUID id, String digest) {
        jdbc.sql("update consent_sessions set embed_token_hash = :digest where id = :id")
                .param("digest", digest).param("id", id).update();
    }

    Optional<String> embedTokenHash(UUID id) {
        return jdbc.sql("select embed_token_hash from consent_sessions where id = :id").param("id", id)
                .query(String.class).optional().filter(java.util.Objects::nonNull);
    }

    List<UUID> dueForExpiry(Instant now, int limit) {
        return jdbc.sql("select id from consent_sessions where status = 'pending' and expires_at <= :now order by expires_at limit :limit")
                .param("now", SqlTime.of(now)).param("limit", limit)
                .query(UUID.class).list();
    }

    void claim(UUID id, UUID consumerId, Instant at) {
        jdbc.sql("update consent_sessions set consumer_id = :consumer, updated_at = :at where id = :id and consumer_id is null")
                .param("consumer", consumerId).param("at", SqlTime.of(at)).param("id", id)
                .update();
    }

    void answer(UUID id, SessionStatus status, CollectionMethod method, Instant at) {
        jdbc.sql("""
                update consent_sessions set status = :status, collection_method = :method, answered_at = :at, updated_at = :at
                where id = :id""")
                .param("status", status.wireName()).param("method", method.wireName()).param("at", SqlTime.of(at))
                .param("id", id)
                .update();
    }

    void expire(UUID id, Instant at) {
        jdbc.sql("update consent_sessions set status = 'expired', updated_at = :at where id = :id")
                .param("at", SqlTime.of(at)).param("id", id)
                .update();
    }

    void revoke(UUID id, String revokedBy, Instant at) {
        jdbc.sql("update consent_sessions set status = 'revoked', revoked_at = :at, revoked_by = :by, updated_at = :at where id = :id")
                .param("at", SqlTime.of(at)).param("by", revokedBy).param("id", id)
                .update();
    }

    /** The tenant's sessions matching the filter, newest first, one page past the cursor. */
    List<ConsentSession> byTenant(Tenant tenant, SessionFilter filter, PageRequest page) {
        StringBuilder sql = new StringBuilder("select * from consent_sessions where partner_id = :partner and environment = :environment");
        filter.status().ifPresent(s -> sql.append(" and status = :status"));
        filter.productId().ifPresent(p -> sql.append(" and product_id = :product"));
        filter.externalReference().ifPresent(r -> sql.append(" and external_reference = :reference"));
        JdbcClient.StatementSpec query = Keyset.bind(jdbc.sql(sql + Keyset.page(page, "created_at")), page)
                .param("partner", tenant.partnerId()).param("environment", tenant.environment().wireName());
        if (filter.status().isPresent()) {
            query = query.param("status", filter.status().get().wireName());
        }
        if (filter.productId().isPresent()) {
            query = query.param("product", filter.productId().get());
        }
        if (filter.externalReference().isPresent()) {
            query = query.param("reference", filter.externalReference().get());
        }
        return query.query(this::session).list();
    }

    /** The consumer's sessions, newest first, one page past the cursor. */
    List<ConsentSession> byConsumer(UUID consumerId, PageRequest page) {
        return Keyset.bind(jdbc.sql("select * from consent_sessions where consumer_id = :consumer" + Keyset.page(page, "created_at")), page)
                .param("consumer", consumerId)
                .query(this::session).list();
    }

    private ConsentSession session(ResultSet rs, int row) throws SQLException {
        return new ConsentSession(
                rs.getObject("id", UUID.class),
                new Tenant(rs.getObject("partner_id", UUID.class), Environment.fromWire(rs.getString("environment")).orElseThrow()),
                rs.getObject("client_id", UUID.class),
                rs.getObject("product_id", UUID.class),
                rs.getInt("product_version"),
                rs.getObject("opportunity_id", UUID.class),
                Optional.ofNullable(rs.getString("external_reference")),
                Optional.ofNullable(rs.getString("return_url")),
                json.readValue(rs.getString("metadata"), METADATA),
                Optional.ofNullable(rs.getString("consumer_hint")),
                SessionStatus.fromWire(rs.getString("status")).orElseThrow(),
                Optional.ofNullable(rs.getObject("consumer_id", UUID.class)),
                CollectionMethod.fromWire(rs.getString("collection_method")),
                Optional.ofNullable(rs.getString("embed_origin")),
                SqlTime.instant(rs, "expires_at"),
                SqlTime.instant(rs, "created_at"),
                SqlTime.instant(rs, "updated_at"),
                SqlTime.optionalInstant(rs, "answered_at"),
                SqlTime.optionalInstant(rs, "revoked_at"),
                Optional.ofNullable(rs.getString("revoked_by")));
    }
}
