package io.assent.consumer;

import java.time.Clock;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import io.assent.identity.UserAccount;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Cursor;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;

/**
 * Notifications for the consumer (D17): pending sessions they opened, new grants, revocations and
 * expiries, each linking to a page of the consumer portal; listing them and marking them read.
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

    private final NotificationRepository notifications;
    private final IdGenerator ids;
    private final Clock clock;
    private final PublicUrls urls;

    public NotificationService(NotificationRepository notifications, IdGenerator ids, Clock clock, PublicUrls urls) {
        this.notifications = notifications;
        this.ids = ids;
        this.clock = clock;
        this.urls = urls;
    }

    /** Notifies about a consent; the link opens that consent in the consumer portal. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void notify(UUID consumerId, Kind kind, String title, String body, UUID sessionId) {
        notifications.insert(consumerId, new Notification(ids.newId().toString(), kind.wireName(), title, body,
                urls.publicUrl() + "/account/consents/" + sessionId, clock.instant(), null));
    }

    /** The consumer's notifications, newest first; only unread ones if asked. */
    public Page<Notification> list(UserAccount consumer, boolean unreadOnly, PageRequest page) {
        return Page.of(notifications.page(consumer.id(), unreadOnly, page), page,
                n -> new Cursor(n.createdAt(), UUID.fromString(n.id())));
    }

    /** Marks the notification read; calling it again keeps the first {@code read_at}. Another consumer's is 404. */
    @Transactional
    public Notification markRead(UserAccount consumer, String id) {
        UUID notificationId = IdGenerator.parse(id).filter(n -> notifications.find(consumer.id(), n).isPresent())
                .orElseThrow(ApiException::notFound);
        notifications.markRead(consumer.id(), notificationId, clock.instant());
        return notifications.find(consumer.id(), notificationId).orElseThrow();
    }
}
