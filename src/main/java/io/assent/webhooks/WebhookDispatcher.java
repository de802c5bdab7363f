package io.assent.webhooks;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import io.assent.platform.id.IdGenerator;
import io.assent.platform.security.Environment;

/**
 * Moves outbox events to partners (D13): {@link #fanOut()} turns each event into one delivery per
 * subscribed endpoint that still receives events, and {@link #dispatchDue()} claims due deliveries
 * under a lease (so no two dispatchers, on any node, send the same attempt), sends them, records the
 * attempt and schedules the retry. A node that dies mid-attempt leaves its lease to lapse; the next
 * claim sends the attempt again, so delivery is at least once.
 */
@Service
public class WebhookDispatcher implements DisposableBean {

    private final DeliveryRepository deliveries;
    private final EndpointRepository endpoints;
    private final WebhookEndpointService endpointService;
    private final WebhookSender sender;
    private final FailureAlert alerts;
    private final WebhookSettings settings;
    private final TransactionTemplate transactions;
    private final IdGenerator ids;
    private final Clock clock;
    private final ExecutorService senders;

    WebhookDispatcher(DeliveryRepository deliveries, EndpointRepository endpoints, WebhookEndpointService endpointService,
                      WebhookSender sender, FailureAlert alerts, WebhookSettings settings, TransactionTemplate transactions,
                      IdGenerator ids, Clock clock) {
        this.deliveries = deliveries;
        this.endpoints = endpoints;
        this.endpointService = endpointService;
        this.sender = sender;
        this.alerts = alerts;
        this.settings = settings;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
        this.senders = Executors.newFixedThreadPool(Math.max(1, settings.senders()), runnable -> {
            Thread thread = new Thread(runnable, "webhook-sender");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Fans out every outbox event not yet fanned out; returns how many events this call fanned out. */
    public int fanOut() {
        int fanned = 0;
        List<UUID> pending;
        do {
            pending = deliveries.unfannedEvents(settings.batchSize());
            for (UUID eventId : pending) {
                Boolean mine = transactions.execute(status -> deliveries.takeForFanOut(eventId).map(event -> {
                    Instant now = clock.instant();
                    for (WebhookEndpoint endpoint : endpoints.receiving(event.partnerId(), event.environment())) {
                        if (endpoint.subscribesTo(event.eventType())) {
                            deliveries.insert(ids.newId(), endpoint.id(), event.id(), event.partnerId(), event.environment(),
                                    event.eventType(), event.sessionId(), now);
                        }
                    }
                    return true;
                }).orElse(false));
                if (Boolean.TRUE.equals(mine)) {
                    fanned++;
                }
            }
        } while (pending.size() == settings.batchSize());
        return fanned;
    }

    /** Fans out, then makes every attempt that is due now, batch after batch; returns the number of attempts made. */
    public int dispatchDue() {
        fanOut();
        int made = 0;
        int claimed;
        do {
            List<DeliveryRepository.Claimed> batch = claim();
            claimed = batch.size();
            made += sendAll(batch);
        } while (claimed == settings.batchSize());
        return made;
    }

    private List<DeliveryRepository.Claimed> claim() {
        Instant now = clock.instant();
        UUID token = UUID.randomUUID();
        return transactions.execute(status -> deliveries.claimDue(now, now.plus(settings.lease()), token, settings.batchSize()));
    }

    private int sendAll(List<DeliveryRepository.Claimed> batch) {
        List<Future<?>> running = new ArrayList<>();
        for (DeliveryRepository.Claimed claimed : batch) {
            running.add(senders.submit(() -> attempt(claimed)));
        }
        for (Future<?> future : running) {
            try {
                future.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (java.util.concurrent.ExecutionException e) {
                // one failed bookkeeping: its lease lapses and the attempt is made again
            }
        }
        return batch.size();
    }

    private void attempt(DeliveryRepository.Claimed claimed) {
        UUID token = claimed.leaseToken();
        Instant now = clock.instant();
        int number = claimed.attemptsMade() + 1;
        Environment environment = Environment.fromWire(claimed.environment()).orElseThrow();
        String signature = WebhookSignature.header(now.getEpochSecond(), claimed.payload(),
                endpointService.signingSecrets(claimed.endpointId(), now));
        WebhookSender.Outcome outcome = sender.send(claimed.url(), environment, claimed.payload(), signature,
                claimed.eventId().toString(), number);
        Instant first = claimed.firstAttemptAt().orElse(now);
        deliveries.recordAttempt(claimed.id(), new Delivery.Attempt(number, now, outcome.statusCode(), outcome.error(),
                outcome.latencyMs(), outcome.responseBody()));
        if (outcome.succeeded()) {
            deliveries.release(claimed.id(), token, DeliveryStatus.SUCCEEDED, number, first, Optional.empty());
            endpoints.recordSuccess(claimed.endpointId());
        } else {
            Optional<Instant> next = RetrySchedule.next(first, number, now);
            deliveries.release(claimed.id(), token, next.isPresent() ? DeliveryStatus.PENDING : DeliveryStatus.FAILED,
                    number, first, next);
            if (endpoints.recordFailure(claimed.endpointId())) {
                alerts.send(claimed.endpointId());
            }
        }
    }

    @Override
    public void destroy() {
        senders.shutdownNow();
    }
}
