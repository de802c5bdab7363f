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
class NotificationRepository {

    private final JdbcClient jdbc;

    NotificationRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(UUID consumerId, Notification notification) {
        jdbc.sql("""
                insert into notifications (id, consumer_id, notification_type, title, body, link, created_at)
                values (:id, :consumer, :type, :title, :body, :link, :at)""")
                .param("id", UUID.fromString(notification.id())).param("consumer", consumerId)
                .param("type", notification.type()).param("title", notification.title()).param("body", notification.body())
                .param("link", notification.link()).param("at", SqlTime.of(notification.createdAt()))
                .update();
    }

    /** The consumer's notifications (unread ones only, if asked), newest first, one page past the cursor. */
    List<Notification> page(UUID consumerId, boolean unreadOnly, PageRequest page) {
        return Keyset.bind(jdbc.sql("select * from notifications where consumer_id = :consumer"
                        + (unreadOnly ? " and read_at is null" : "") + Keyset.page(page, "created_at")), page)
                .param("consumer", consumerId)
                .query(NotificationRepository::notification).list();
    }

    Optional<Notification> find(UUID consumerId, UUID id) {
        return jdbc.sql("select * from notifications where consumer_id = :consumer and id = :id")
                .param("consumer", consumerId).param("id", id).query(NotificationRepository::notification).optional();
    }

    /** Marks it read unless it already is: the first {@code read_at} stays. */
    void markRead(UUID consumerId, UUID id, Instant at) {
        jdbc.sql("update notifications set read_at = :at where consumer_id = :consumer and id = :id and read_at is null")
                .param("at", SqlTime.of(at)).param("consumer", consumerId).param("id", id)
                .update();
    }

    private static Notification notification(ResultSet rs, int row) throws SQLException {
        return new Notification(rs.getObject("id", UUID.class).toString(), rs.getString("notification_type"),
                rs.getString("title"), rs.getString("body"), rs.getString("link"),
                SqlTime.instant(rs, "created_at"), SqlTime.optionalInstant(rs, "read_at").orElse(null));
    }
}
