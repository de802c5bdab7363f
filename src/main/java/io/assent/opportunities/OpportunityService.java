package io.assent.opportunities;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import io.assent.platform.pagination.Cursor;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Tenant;
import tools.jackson.databind.json.JsonMapper;

/**
 * Opportunities: the partner's CRM record of each consent session (D11). This part of the feature
 * creates them with their sessions and makes the system's stage moves, inside the session's own
 * transactions; the partner's API builds on it.
 */
@Service
public class OpportunityService {

    static final String SYSTEM = "system";

    private final OpportunityRepository opportunities;
    private final Clock clock;
    private final JsonMapper json;

    public OpportunityService(OpportunityRepository opportunities, Clock clock, JsonMapper json) {
        this.opportunities = opportunities;
        this.clock = clock;
        this.json = json;
    }

    /** The opportunity a new session brings, in stage {@code new}; {@code id} is the one the session already names. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void createForSession(UUID id, Tenant tenant, UUID productId, UUID sessionId, Optional<String> externalReference) {
        Instant now = clock.instant();
        opportunities.insert(id, tenant, productId, sessionId, externalReference, now);
        opportunities.addTimelineEntry(id, "stage_changed", now, SYSTEM, details(Map.of("from", "none", "to", Stage.NEW.wireName())));
    }

    /** Records what happened to the session on the timeline and makes the system's stage move, if any. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void onSessionEvent(UUID sessionId, Stage.SessionEvent event, String webhookEvent) {
        OpportunityRepository.Current current = opportunities.lockBySession(sessionId).orElseThrow();
        Instant now = clock.instant();
        if (webhookEvent != null) {
            opportunities.addTimelineEntry(current.id(), "session_event", now, SYSTEM, details(Map.of("event", webhookEvent)));
        }
        current.stage().afterSessionEvent(event).ifPresent(to -> {
            opportunities.moveStage(current.id(), to, now);
            opportunities.addTimelineEntry(current.id(), "stage_changed", now, SYSTEM,
                    details(Map.of("from", current.stage().wireName(), "to", to.wireName())));
        });
    }

    /** The tenant's opportunities matching the filter, newest first, one keyset page (D10, D18). */
    @Transactional(readOnly = true)
    public Page<Opportunity> list(Tenant tenant, OpportunityFilter filter, PageRequest page) {
        List<Opportunity> rows = opportunities.list(tenant, filter, page);
        return Page.of(rows, page, o -> new Cursor(o.createdAt(), o.id()));
    }

    /** The tenant's opportunity with its timeline, notes and tasks; empty for anyone else's. */
    @Transactional(readOnly = true)
    public Optional<OpportunityDetail> find(Tenant tenant, UUID id) {
        return opportunities.find(tenant, id).map(o -> new OpportunityDetail(o, opportunities.timeline(o.id()),
                opportunities.notes(o.id()), opportunities.tasks(o.id())));
    }

    private String details(Map<String, Object> details) {
        return json.writeValueAsString(new LinkedHashMap<>(details));
    }
}
