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
class ContactRepository {

    private final JdbcClient jdbc;

    ContactRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<Contact> list(UUID consumerId) {
        return jdbc.sql("select * from consumer_contacts where consumer_id = :consumer order by created_at desc, id desc")
                .param("consumer", consumerId).query(ContactRepository::contact).list();
    }

    List<Contact> page(UUID consumerId, PageRequest page) {
        return Keyset.bind(jdbc.sql("select * from consumer_contacts where consumer_id = :consumer" + Keyset.page(page, "created_at")), page)
                .param("consumer", consumerId).query(ContactRepository::contact).list();
    }

    Optional<Contact> find(UUID consumerId, UUID id) {
        return jdbc.sql("select * from consumer_contacts where consumer_id = :consumer and id = :id")
                .param("consumer", consumerId).param("id", id).query(ContactRepository::contact).optional();
    }

    int count(UUID consumerId) {
        return jdbc.sql("select count(*) from consumer_contacts where consumer_id = :consumer")
                .param("consumer", consumerId).query(Integer.class).single();
    }

    void insert(UUID consumerId, Contact contact) {
        jdbc.sql("""
                insert into consumer_contacts (id, consumer_id, kind, contact_value, label, is_primary, created_at, updated_at)
                values (:id, :consumer, :kind, :value, :label, :primary, :created, :updated)""")
                .param("id", UUID.fromString(contact.id())).param("consumer", consumerId).param("kind", contact.kind())
                .param("value", contact.value()).param("label", contact.label()).param("primary", contact.isPrimary())
                .param("created", SqlTime.of(contact.createdAt())).param("updated", SqlTime.of(contact.updatedAt()))
                .update();
    }

    void update(UUID consumerId, Contact contact) {
        jdbc.sql("""
                update consumer_contacts set contact_value = :value, label = :label, is_primary = :primary, updated_at = :updated
                where consumer_id = :consumer and id = :id""")
                .param("value", contact.value()).param("label", contact.label()).param("primary", contact.isPrimary())
                .param("updated", SqlTime.of(contact.updatedAt()))
                .param("consumer", consumerId).param("id", UUID.fromString(contact.id()))
                .update();
    }

    /** Takes the primary mark from the consumer's other contacts of this kind. */
    void clearPrimary(UUID consumerId, String kind, UUID except, Instant at) {
        jdbc.sql("""
                update consumer_contacts set is_primary = false, updated_at = :at
                where consumer_id = :consumer and kind = :kind and id <> :id and is_primary""")
                .param("at", SqlTime.of(at)).param("consumer", consumerId).param("kind", kind).param("id", except)
                .update();
    }

    void delete(UUID consumerId, UUID id) {
        jdbc.sql("delete from consumer_contacts where consumer_id = :consumer and id = :id")
                .param("consumer", consumerId).param("id", id).update();
    }

    private static Contact contact(ResultSet rs, int row) throws SQLException {
        return new Contact(rs.getObject("id", UUID.class).toString(), rs.getString("kind"), rs.getString("contact_value"),
                rs.getString("label"), rs.getBoolean("is_primary"),
                SqlTime.instant(rs, "created_at"), SqlTime.instant(rs, "updated_at"));
    }
}
