package io.assent.oauth.keys;

import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Re-reads the signing keys every 30 seconds in the server, so that a rotation made by another
 * node or by the command line reaches this node's token issuance without a query per token.
 */
@Component
@ConditionalOnWebApplication
class SigningKeyRefresh {

    private static final Logger log = LoggerFactory.getLogger(SigningKeyRefresh.class);

    private final SigningKeyService keys;

    SigningKeyRefresh(SigningKeyService keys) {
        this.keys = keys;
    }

    // Must match SigningKeyService.REFRESH_INTERVAL (an annotation needs a constant of its own).
    @Scheduled(fixedDelay = 30, initialDelay = 30, timeUnit = TimeUnit.SECONDS)
    void refresh() {
        try {
            keys.refresh();
        } catch (RuntimeException unavailable) {
            // The cached keys keep working; the message is left out because driver messages quote SQL.
            log.warn("Could not refresh the signing keys ({}); the cached keys stay in use",
                    unavailable.getClass().getSimpleName());
        }
    }
}
