package io.assent.consumer;

import java.time.Clock;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import io.assent.platform.config.PublicUrls;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.time.SqlTime;

/**
 * Notifications for the consumer (D17): pending sessions they opened, new grants, revocations and
 * expiries, each linking to a page of the consumer portal.
 */
@Service
public class NotificationService {

    /** The kinds of D17. */
    public enum Kind {
        SESSION_PENDING, GRANT_CREATED, GRANT_REVOKED, SESSION_EXPIRED;

        public String wireName() {
            return name().toLowerCase();
        }
    }

    private final JdbcClient jdbc;
    private final IdGenerator ids;
    private final Clock clock;
    private final PublicUrls urls;

    public NotificationService(JdbcClient jdbc, IdGenerator ids, Clock clock, PublicUrls urls) {
        this.jdbc = jdbc;
        this.ids = ids;
        this.clock = clock;
        this.urls = urls;
    }

    /** Notifies about a consent; the link opens that consent in the consumer portal. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void notify(UUID consumerId, Kind kind, String title, String body, UUID sessionId) {
        jdbc.sql("""
                insert into notifications (id, consumer_id, notification_type, title, body, link, created_at)
                values (:id, :consumer, :type, :title, :body, :link, :at)""")
                .param("id", ids.newId()).param("consumer", consumerId).param("type", kind.wireName())
                .param("title", title).param("body", body)
                .param("link", urls.publicUrl() + "/account/consents/" + sessionId)
                .param("at", SqlTime.of(clock.instant()))
                .update();
    }
}
