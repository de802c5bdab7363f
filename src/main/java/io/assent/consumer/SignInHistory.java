package io.assent.consumer;

import java.util.Map;

import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import io.assent.identity.SignedIn;

/** Writes {@code signed_in} to the history on every password sign-in (D17), IdP API and pages alike. */
@Component
class SignInHistory {

    private final HistoryService history;

    SignInHistory(HistoryService history) {
        this.history = history;
    }

    @EventListener
    @Transactional
    public void signedIn(SignedIn event) {
        history.record(event.account().id(), "signed_in", HistoryService.Actor.CONSUMER, "You signed in.", Map.of());
    }
}
