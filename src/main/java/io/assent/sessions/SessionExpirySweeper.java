package io.assent.sessions;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Expires pending sessions whose time has passed even when nobody reads them, so that
 * {@code session.expired} reaches partners on time (D7). Reads expire sessions too; the row lock
 * makes sure each expiry happens once whichever comes first, on whichever node.
 */
@Component
class SessionExpirySweeper {

    private final SessionService sessions;

    SessionExpirySweeper(SessionService sessions) {
        this.sessions = sessions;
    }

    @Scheduled(fixedDelayString = "${assent.sessions.expiry-sweep-interval:PT5S}")
    void sweep() {
        while (sessions.expireDue() == 100) {
            // a full batch: more may be due
        }
    }
}
