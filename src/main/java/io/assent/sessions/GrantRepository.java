package io.assent.sessions;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.pagination.Keyset;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Tenant;
import io.assent.platform.time.SqlTime;
import io.assent.products.DataCategory;

@Repository
class GrantRepository {

    private final JdbcClient jdbc;

    GrantRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Grant grant) {
        jdbc.sql("""
                insert into grants (id, session_id, consumer_id, partner_id, environment, product_id, product_version,
                                    data_categories, status, granted_at)
                values (:id, :session, :consumer, :partner, :environment, :product, :version, :categories, 'active', :at)""")
                .param("id", grant.id()).param("session", grant.sessionId()).param("consumer", grant.consumerId())
                .param("partner", grant.tenant().partnerId()).param("environment", grant.tenant().environment().wireName())
                .param("product", grant.productId()).param("version", grant.productVersion())
                .param("categories", grant.dataCategories().stream().map(DataCategory::wireName).collect(Collectors.joining(" ")))
                .param("at", SqlTime.of(grant.grantedAt()))
                .update();
    }

    Optional<Grant> byId(UUID id) {
        return jdbc.sql("select * from grants where id = :id").param("id", id).query(GrantRepository::grant).optional();
    }

    Optional<Grant> bySession(UUID sessionId) {
        return jdbc.sql("select * from grants where session_id = :session").param("session", sessionId)
                .query(GrantRepository::grant).optional();
    }

    void revoke(UUID id, String revokedBy, Instant at) {
        jdbc.sql("update grants set status = 'revoked', revoked_at = :at, revoked_by = :by where id = :id")
                .param("at", SqlTime.of(at)).param("by", revokedBy).param("id", id)
                .update();
    }

    List<Grant> byConsumer(UUID consumerId, PageRequest page) {
        return Keyset.bind(jdbc.sql("select * from grants where consumer_id = :consumer" + Keyset.page(page, "granted_at")), page)
                .param("consumer", consumerId)
                .query(GrantRepository::grant).list();
    }

    private static Grant grant(ResultSet rs, int row) throws SQLException {
        String categories = rs.getString("data_categories");
        return new Grant(rs.getObject("id", UUID.class), rs.getObject("session_id", UUID.class),
                rs.getObject("consumer_id", UUID.class),
                new Tenant(rs.getObject("partner_id", UUID.class), Environment.fromWire(rs.getString("environment")).orElseThrow()),
                rs.getObject("product_id", UUID.class), rs.getInt("product_version"),
                categories.isBlank() ? List.of() : Arrays.stream(categories.split(" ")).map(c -> DataCategory.fromWire(c).orElseThrow()).toList(),
                "active".equals(rs.getString("status")), SqlTime.instant(rs, "granted_at"),
                SqlTime.optionalInstant(rs, "revoked_at"), Optional.ofNullable(rs.getString("revoked_by")));
    }
}
