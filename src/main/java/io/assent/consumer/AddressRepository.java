package io.assent.consumer;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.pagination.Keyset;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.time.SqlTime;

@Repository
class AddressRepository {

    private final JdbcClient jdbc;

    AddressRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<Address> list(UUID consumerId) {
        return jdbc.sql("select * from consumer_addresses where consumer_id = :consumer order by created_at desc, id desc")
                .param("consumer", consumerId).query(AddressRepository::address).list();
    }

    List<Address> page(UUID consumerId, PageRequest page) {
        return Keyset.bind(jdbc.sql("select * from consumer_addresses where consumer_id = :consumer" + Keyset.page(page, "created_at")), page)
                .param("consumer", consumerId).query(AddressRepository::address).list();
    }

    Optional<Address> find(UUID consumerId, UUID id) {
        return jdbc.sql("select * from consumer_addresses where consumer_id = :consumer and id = :id")
                .param("consumer", consumerId).param("id", id).query(AddressRepository::address).optional();
    }

    int count(UUID consumerId) {
        return jdbc.sql("select count(*) from consumer_addresses where consumer_id = :consumer")
                .param("consumer", consumerId).query(Integer.class).single();
    }

    void insert(UUID consumerId, Address address) {
        jdbc.sql("""
                insert into consumer_addresses (id, consumer_id, label, line1, line2, city, region, postal_code, country,
                                                is_primary, created_at, updated_at)
                values (:id, :consumer, :label, :line1, :line2, :city, :region, :postal, :country, :primary, :created, :updated)""")
                .param("id", UUID.fromString(address.id())).param("consumer", consumerId)
                .param("label", address.label()).param("line1", address.line1()).param("line2", address.line2())
                .param("city", address.city()).param("region", address.region()).param("postal", address.postalCode())
                .param("country", address.country()).param("primary", address.isPrimary())
                .param("created", SqlTime.of(address.createdAt())).param("updated", SqlTime.of(address.updatedAt()))
                .update();
    }

    void update(UUID consumerId, Address address) {
        jdbc.sql("""
                update consumer_addresses set label = :label, line1 = :line1, line2 = :line2, city = :city, region = :region,
                       postal_code = :postal, country = :country, is_primary = :primary, updated_at = :updated
                where consumer_id = :consumer and id = :id""")
                .param("label", address.label()).param("line1", address.line1()).param("line2", address.line2())
                .param("city", address.city()).param("region", address.region()).param("postal", address.postalCode())
                .param("country", address.country()).param("primary", address.isPrimary())
                .param("updated", SqlTime.of(address.updatedAt()))
                .param("consumer", consumerId).param("id", UUID.fromString(address.id()))
                .update();
    }

    /** Takes the primary mark from the consumer's other addresses. */
    void clearPrimary(UUID consumerId, UUID except, Instant at) {
        jdbc.sql("""
                update consumer_addresses set is_primary = false, updated_at = :at
                where consumer_id = :consumer and id <> :id and is_primary""")
                .param("at", SqlTime.of(at)).param("consumer", consumerId).param("id", except)
                .update();
    }

    void delete(UUID consumerId, UUID id) {
        jdbc.sql("delete from consumer_addresses where consumer_id = :consumer and id = :id")
                .param("consumer", consumerId).param("id", id).update();
    }

    private static Address address(ResultSet rs, int row) throws SQLException {
        return new Address(rs.getObject("id", UUID.class).toString(), rs.getString("label"), rs.getString("line1"),
                rs.getString("line2"), rs.getString("city"), rs.getString("region"), rs.getString("postal_code"),
                rs.getString("country"), rs.getBoolean("is_primary"),
                SqlTime.instant(rs, "created_at"), SqlTime.instant(rs, "updated_at"));
    }
}
