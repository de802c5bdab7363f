package io.assent.partners;

import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.time.SqlTime;

@Repository
class PartnerRepository {

    private final JdbcClient jdbc;

    PartnerRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Partner partner) {
        jdbc.sql("insert into partners (id, name, owner_email, created_at) values (:id, :name, :owner, :created)")
                .param("id", partner.id()).param("name", partner.name()).param("owner", partner.ownerEmail())
                .param("created", SqlTime.of(partner.createdAt()))
                .update();
    }

    Optional<Partner> find(UUID id) {
        return jdbc.sql("select id, name, owner_email, created_at from partners where id = :id")
                .param("id", id)
                .query((rs, n) -> new Partner(rs.getObject("id", UUID.class), rs.getString("name"),
                        rs.getString("owner_email"), SqlTime.instant(rs, "created_at")))
                .optional();
    }
}
