package io.assent.consumer;

import java.time.Clock;
import java.util.Map;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import io.assent.identity.UserAccount;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Cursor;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.trust.ConsentChain;

/**
 * The consumer's activity history (D17): one entry per thing that happened to their data, written
 * in the transaction of the change, with a sentence a person can read, and appended in that
 * transaction to the consumer's hash chain (D20).
 */
@Service
public class HistoryService {

    /** Who did it. */
    public enum Actor {
        CONSUMER, PARTNER, SYSTEM;

        public String wireName() {
            return name().toLowerCase();
        }
    }

    private final HistoryRepository events;
    private final ConsentChain chain;
    private final IdGenerator ids;
    private final Clock clock;

    public HistoryService(HistoryRepository events, ConsentChain chain, IdGenerator ids, Clock clock) {
        this.events = events;
        this.chain = chain;
        this.ids = ids;
        this.clock = clock;
    }

    @Transactional(propagation = Propagation.MANDATORY)
    public void record(UUID consumerId, String type, Actor actor, String summary, Map<String, Object> details) {
        chain.append(consumerId, events.insert(ids.newId(), consumerId, type, clock.instant(), actor.wireName(), summary, details));
    }

    /** The consumer's history, newest first. */
    public Page<HistoryEvent> list(UserAccount consumer, PageRequest page) {
        return Page.of(events.page(consumer.id(), page), page,
                event -> new Cursor(event.occurredAt(), UUID.fromString(event.id())));
    }
}
