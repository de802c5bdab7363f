package io.assent.partners;

import java.util.List;
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

    /** Adds the member; adding one who already is changes nothing. */
    void addMember(UUID partnerId, String email, java.time.Instant at) {
        boolean present = jdbc.sql("select count(*) from partner_members where partner_id = :partner and email = :email")
                .param("partner", partnerId).param("email", email).query(Integer.class).single() > 0;
        if (!present) {
            jdbc.sql("insert into partner_members (partner_id, email, added_at) values (:partner, :email, :at)")
                    .param("partner", partnerId).param("email", email).param("at", SqlTime.of(at))
                    .update();
        }
    }

    /** The partners this e-mail address is a member of, in the order it was added to them. */
    List<UUID> partnersOfMember(String email) {
        return jdbc.sql("select partner_id from partner_members where email = :email order by added_at, partner_id")
                .param("email", email).query(UUID.class).list();
    }

    Optional<Partner> find(UUID id) {
        return jdbc.sql("select id, name, owner_email, created_at from partners where id = :id")
                .param("id", id)
                .query((rs, n) -> new Partner(rs.getObject("id", UUID.class), rs.getString("name"),
                        rs.getString("owner_email"), SqlTime.instant(rs, "created_at")))
                .optional();
    }
}
