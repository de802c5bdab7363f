package io.assent.webhooks;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    private final ExecutorService lanePool;

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
        this.lanePool = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "webhook-dispatch");
            thread.setDaemon(true);
            return thread;
        });
        this.senders = Executors.newFixedThreadPool(Math.max(1, settings.senders()), runnable -> {
            Thread thread = new Thread(runnable, "webhook-sender");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Fans out every outbox event not yet fanned out, a batch per transaction (one commit for many
     * events); returns how many events this call fanned out.
     */
    public int fanOut() {
        int fanned = 0;
        int[] batch;
        do {
            batch = transactions.execute(status -> {
                List<UUID> pending = deliveries.unfannedEvents(settings.batchSize());
                Map<String, List<WebhookEndpoint>> receiving = new HashMap<>();
                Instant now = clock.instant();
                int mine = 0;
                for (UUID eventId : pending) {
                    Optional<DeliveryRepository.OutboxEvent> taken = deliveries.takeForFanOut(eventId);
                    if (taken.isEmpty()) {
                        continue;
                    }
                    DeliveryRepository.OutboxEvent event = taken.get();
                    mine++;
                    for (WebhookEndpoint endpoint : receiving.computeIfAbsent(event.partnerId() + "/" + event.environment(),
                            tenant -> endpoints.receiving(event.partnerId(), event.environment()))) {
                        if (endpoint.subscribesTo(event.eventType())) {
                            deliveries.insert(ids.newId(), endpoint.id(), event.id(), event.partnerId(), event.environment(),
                                    event.eventType(), event.sessionId(), now);
                        }
                    }
                }
                return new int[] {pending.size(), mine};
            });
            fanned += batch[1];
        } while (batch[0] == settings.batchSize());
        return fanned;
    }

    /**
     * Fans out, then makes every attempt that is due now, batch after batch, with a few batches in
     * flight at once (while one batch waits for its slowest receiver or its commit, the next is
     * sending); returns the number of attempts made. Returns only when nothing due is left.
     */
    public int dispatchDue() {
        fanOut();
        int lanes = Math.max(1, settings.batchesInFlight());
        if (lanes == 1) {
            return drain();
        }
        List<Future<Integer>> running = new ArrayList<>();
        for (int i = 0; i < lanes; i++) {
            running.add(lanePool.submit(this::drain));
        }
        int made = 0;
        for (Future<Integer> lane : running) {
            try {
                made += lane.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (java.util.concurrent.ExecutionException e) {
                // a lane whose claim failed: what it held is released when its leases lapse
            }
        }
        return made;
    }

    private int drain() {
        int made = 0;
        int claimed;
        do {
            List<DeliveryRepository.Claimed> batch = claim();
            claimed = batch.size();
            made += sendAll(batch);
        } while (claimed == settings.batchSize());
        return made;
    }

    /**
     * The claim must outlast the slowest possible batch, or another claimer could send its attempts
     * again: every attempt of the batches in flight queued on the senders, each up to the 10 s
     * deadline, then the commit. A longer configured lease wins.
     */
    java.time.Duration lease() {
        long rounds = (long) Math.ceil((double) settings.batchSize() * Math.max(1, settings.batchesInFlight())
                / Math.max(1, settings.senders()));
        java.time.Duration worstBatch = WebhookSender.TIMEOUT.plusSeconds(1).multipliedBy(rounds).plusSeconds(5);
        return settings.lease().compareTo(worstBatch) > 0 ? settings.lease() : worstBatch;
    }

    private List<DeliveryRepository.Claimed> claim() {
        Instant now = clock.instant();
        UUID token = UUID.randomUUID();
        return transactions.execute(status -> deliveries.claimDue(now, now.plus(lease()), token, settings.batchSize()));
    }

    /** What one attempt of a claimed delivery came to, before it is written down. */
    private record Sent(DeliveryRepository.Claimed claimed, int number, Instant at, WebhookSender.Outcome outcome) {
    }

    /**
     * Sends the batch concurrently, then writes every attempt, the deliveries' new states and the
     * endpoints' streaks in one transaction: one commit per batch rather than per delivery. A crash
     * before that commit resends the batch (at least once; duplicates bounded by the batch size).
     */
    private int sendAll(List<DeliveryRepository.Claimed> batch) {
        // one opening of each endpoint's sealed secrets per batch, not per attempt
        Instant now = clock.instant();
        Map<UUID, List<String>> secrets = new HashMap<>();
        for (DeliveryRepository.Claimed claimed : batch) {
            secrets.computeIfAbsent(claimed.endpointId(), id -> endpointService.signingSecrets(id, now));
        }
        List<Future<Sent>> running = new ArrayList<>();
        for (DeliveryRepository.Claimed claimed : batch) {
            running.add(senders.submit(() -> attempt(claimed, secrets.get(claimed.endpointId()))));
        }
        List<Sent> results = new ArrayList<>();
        for (Future<Sent> future : running) {
            try {
                results.add(future.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return batch.size();
            } catch (java.util.concurrent.ExecutionException e) {
                // not written down: its lease lapses and the attempt is made again
            }
        }
        List<UUID> mailDue = transactions.execute(status -> record(results));
        mailDue.forEach(alerts::send);
        return batch.size();
    }

    private Sent attempt(DeliveryRepository.Claimed claimed, List<String> secrets) {
        Instant now = clock.instant();
        int number = claimed.attemptsMade() + 1;
        Environment environment = Environment.fromWire(claimed.environment()).orElseThrow();
        String signature = WebhookSignature.header(now.getEpochSecond(), claimed.payload(), secrets);
        return new Sent(claimed, number, now, sender.send(claimed.url(), environment, claimed.payload(), signature,
                claimed.eventId().toString(), number));
    }

    /** Writes the batch's attempts; returns the endpoints whose failure streak just reached the e-mail. */
    private List<UUID> record(List<Sent> results) {
        List<UUID> mailDue = new ArrayList<>();
        // endpoint rows are locked in one order on every node, so two batches cannot deadlock on them
        List<Sent> ordered = results.stream().sorted(java.util.Comparator.comparing((Sent s) -> s.claimed().endpointId())).toList();
        for (Sent sent : ordered) {
            DeliveryRepository.Claimed claimed = sent.claimed();
            WebhookSender.Outcome outcome = sent.outcome();
            Instant first = claimed.firstAttemptAt().orElse(sent.at());
            Optional<Instant> next = outcome.succeeded() ? Optional.empty() : RetrySchedule.next(first, sent.number(), sent.at());
            DeliveryStatus status = outcome.succeeded() ? DeliveryStatus.SUCCEEDED
                    : next.isPresent() ? DeliveryStatus.PENDING : DeliveryStatus.FAILED;
            // a lease that lapsed (this node stalled past it) belongs to another claim now: its result is not ours to write
            if (!deliveries.release(claimed.id(), claimed.leaseToken(), status, sent.number(), first, next)) {
                continue;
            }
            deliveries.recordAttempt(claimed.id(), new Delivery.Attempt(sent.number(), sent.at(), outcome.statusCode(),
                    outcome.error(), outcome.latencyMs(), outcome.responseBody()));
            if (outcome.succeeded()) {
                endpoints.recordSuccess(claimed.endpointId());
            } else if (endpoints.recordFailure(claimed.endpointId())) {
                mailDue.add(claimed.endpointId());
            }
        }
        return mailDue;
    }

    @Override
    public void destroy() {
        senders.shutdownNow();
        lanePool.shutdownNow();
    }
}
