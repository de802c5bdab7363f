package io.assent.consumer;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.ResponseEntity;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Caller;

/**
 * {@code /me/history} and {@code /me/notifications} (D17): plain arrays, newest first, with a
 * {@code Link} header for the next page (D10).
 */
@RestController
public class ActivityController {

    private final HistoryService history;
    private final NotificationService notifications;
    private final ConsumerAccounts accounts;

    public ActivityController(HistoryService history, NotificationService notifications, ConsumerAccounts accounts) {
        this.history = history;
        this.notifications = notifications;
        this.accounts = accounts;
    }

    @GetMapping(PublicUrls.API_PREFIX + "/me/history")
    @PreAuthorize("hasAuthority('SCOPE_consumer.history.read')")
    public ResponseEntity<List<HistoryEvent>> history(@AuthenticationPrincipal Caller caller,
                                                      @RequestParam(required = false) String limit,
                                                      @RequestParam(required = false) String cursor,
                                                      HttpServletRequest request) {
        return MeLists.withLink(history.list(accounts.of(caller), PageRequest.of(limit, cursor)), request);
    }

    @GetMapping(PublicUrls.API_PREFIX + "/me/notifications")
    @PreAuthorize("hasAuthority('SCOPE_consumer.notifications.read')")
    public ResponseEntity<List<Notification>> notifications(@AuthenticationPrincipal Caller caller,
                                                            @RequestParam(required = false) String unread,
                                                            @RequestParam(required = false) String limit,
                                                            @RequestParam(required = false) String cursor,
                                                            HttpServletRequest request) {
        if (unread != null && !unread.equals("true") && !unread.equals("false")) {
            throw ApiException.invalidRequest("unread must be true or false.");
        }
        return MeLists.withLink(notifications.list(accounts.of(caller), "true".equals(unread),
                PageRequest.of(limit, cursor)), request);
    }

    @PostMapping(PublicUrls.API_PREFIX + "/me/notifications/{id}/read")
    @PreAuthorize("hasAuthority('SCOPE_consumer.notifications.write')")
    public Notification markRead(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return notifications.markRead(accounts.of(caller), id);
    }
}
