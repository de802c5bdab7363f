package io.assent.webhooks;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Runs the dispatcher on every node of the server (scheduling is server only); tests may turn it off and drive it by hand. */
@Component
@ConditionalOnProperty(name = "assent.webhooks.dispatcher-enabled", havingValue = "true", matchIfMissing = true)
class DispatchSchedule {

    private final WebhookDispatcher dispatcher;

    DispatchSchedule(WebhookDispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    @Scheduled(fixedDelayString = "${assent.webhooks.dispatch-interval:100ms}")
    void run() {
        dispatcher.dispatchDue();
    }
}
