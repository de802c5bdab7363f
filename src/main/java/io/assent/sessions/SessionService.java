package io.assent.sessions;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

import io.assent.consumer.ConsumerDataService;
import io.assent.consumer.GrantAccessLog;
import io.assent.consumer.HistoryService;
import io.assent.consumer.HistoryService.Actor;
import io.assent.consumer.NotificationService;
import io.assent.consumer.NotificationService.Kind;
import io.assent.identity.UserAccount;
import io.assent.opportunities.OpportunityService;
import io.assent.opportunities.Stage;
import io.assent.partners.Partner;
import io.assent.partners.PartnerService;
import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Cursor;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.SecretDigest;
import io.assent.platform.security.Tenant;
import io.assent.products.DataCategory;
import io.assent.products.ProductService;
import io.assent.products.ProductVersion;
import io.assent.trust.ConsentTerms;
import io.assent.trust.ReceiptService;
import io.assent.webhooks.OutboxService;
import io.assent.webhooks.OutboxService.SessionEvent;
import io.assent.webhooks.WebhookEvent;

/**
 * Consent sessions (D7): created by partners, claimed and answered by one consumer, revoked by
 * either side, expired on time. Every change of status writes, in its one transaction, the
 * session, the grant, the opportunity's system move (D11), the consumer's history and
 * notification (D17), the webhook event in the outbox (D13) and, for grants and revocations, the
 * signed consent receipt (D20): all of it, or nothing.
 */
@Service
public class SessionService {

    static final String BY_CONSUMER = "consumer";
    static final String BY_PARTNER = "partner";

    private final SessionRepository sessions;
    private final GrantRepository grants;
    private final ProductService products;
    private final PartnerService partners;
    private final OpportunityService opportunities;
    private final HistoryService history;
    private final NotificationService notifications;
    private final OutboxService outbox;
    private final ConsumerDataService consumerData;
    private final GrantAccessLog accessLog;
    private final ReceiptService receipts;
    private final TransactionTemplate transaction;
    private final IdGenerator ids;
    private final Clock clock;

    public SessionService(SessionRepository sessions, GrantRepository grants, ProductService products,
                          PartnerService partners, OpportunityService opportunities, HistoryService history,
                          NotificationService notifications, OutboxService outbox, ConsumerDataService consumerData,
                          GrantAccessLog accessLog, ReceiptService receipts,
                          TransactionTemplate transaction, IdGenerator ids, Clock clock) {
        this.sessions = sessions;
        this.grants = grants;
        this.products = products;
        this.partners = partners;
        this.opportunities = opportunities;
        this.history = history;
        this.notifications = notifications;
        this.outbox = outbox;
        this.consumerData = consumerData;
        this.accessLog = accessLog;
        this.receipts = receipts;
        this.transaction = transaction;
        this.ids = ids;
        this.clock = clock;
    }

    // ---- the partner's side ---------------------------------------------------------------

    /** A new pending session pinning the product's current published version, with its opportunity. */
    @Transactional
    public ConsentSession create(Tenant tenant, UUID clientId, NewSession request, CollectionMethod method,
                                 Optional<String> embedOrigin) {
        SessionRules.validate(request, tenant.environment(), method != CollectionMethod.EMBED);
        ProductVersion version = IdGenerator.parse(request.productId())
                .flatMap(productId -> products.versionForNewSession(tenant, productId))
                .orElseThrow(() -> ApiException.invalidRequest(
                        "product_id must name a published product of this partner and environment."));
        Instant now = clock.instant();
        UUID sessionId = ids.newId();
        UUID opportunityId = ids.newId();
        ConsentSession session = new ConsentSession(sessionId, tenant, clientId, version.productId(), version.version(),
                opportunityId, request.externalReference(), request.returnUrl(), SessionRules.normalised(request.metadata()),
                request.consumerHint().map(hint -> hint.toLowerCase(Locale.ROOT)), SessionStatus.PENDING,
                Optional.empty(), method, embedOrigin, now.plus(SessionRules.lifetime(request)), now, now,
                Optional.empty(), Optional.empty(), Optional.empty());
        sessions.insert(session);
        opportunities.createForSession(opportunityId, tenant, version.productId(), sessionId, request.externalReference());
        return session;
    }

    /** A session created from a partner's web page (D7): the token lets our page be framed by that origin only. */
    public record EmbeddedSession(ConsentSession session, String embedToken) {
    }

    @Transactional
    public EmbeddedSession createEmbedded(Tenant tenant, UUID clientId, NewSession request, String origin) {
        ConsentSession session = create(tenant, clientId, request, CollectionMethod.EMBED, Optional.of(origin));
        String token = SecretDigest.newSecret("");
        sessions.setEmbedTokenHash(session.id(), SecretDigest.digest(token));
        return new EmbeddedSession(session, token);
    }

    /** The origin that may frame the session page, when the page was opened with the session's embed token. */
    public Optional<String> embeddingOrigin(ConsentSession session, String embedToken) {
        if (embedToken == null || session.embedOrigin().isEmpty()) {
            return Optional.empty();
        }
        return sessions.embedTokenHash(session.id()).filter(digest -> SecretDigest.matches(embedToken, digest))
                .flatMap(digest -> session.embedOrigin());
    }

    /**
     * The tenant's sessions matching the filter, newest first, one keyset page (the partner portal's
     * list, D19). The status filter matches what is stored: a pending session past its expiry is
     * listed as expired once the sweeper has recorded it.
     */
    public Page<ConsentSession> list(Tenant tenant, SessionFilter filter, PageRequest page) {
        List<ConsentSession> rows = sessions.byTenant(tenant, filter, page);
        return Page.of(rows, page, s -> new Cursor(s.createdAt(), s.id())).map(this::current);
    }

    /** The tenant's session, as it is now (a pending session past its expiry reads expired). */
    public ConsentSession forPartner(Tenant tenant, String id) {
        return current(find(id).filter(s -> s.tenant().equals(tenant)).orElseThrow(ApiException::notFound));
    }

    /** D7: pending or granted -> revoked; revoked again -> unchanged; denied or expired -> 409. */
    @Transactional(noRollbackFor = ApiException.class)
    public ConsentSession revokeByPartner(Tenant tenant, String id) {
        ConsentSession session = lockCurrent(find(id).filter(s -> s.tenant().equals(tenant)).orElseThrow(ApiException::notFound).id());
        if (session.status() == SessionStatus.REVOKED) {
            return session;
        }
        requireMove(session, SessionStatus.REVOKED);
        Instant now = clock.instant();
        sessions.revoke(session.id(), BY_PARTNER, now);
        if (session.status() == SessionStatus.GRANTED) {
            revokeGrant(session, BY_PARTNER, now);
        } else {
            opportunities.onSessionEvent(session.id(), Stage.SessionEvent.CANCELLED, null);
        }
        return sessions.find(session.id()).orElseThrow();
    }

    /**
     * The consented data while granted (D7): exactly the pinned version's categories, read live;
     * each answer is recorded in the grant's access log (D17).
     */
    public ConsentedData data(Tenant tenant, String clientId, String id) {
        ConsentSession session = forPartner(tenant, id);
        Grant grant = grants.bySession(session.id()).filter(g -> session.status() == SessionStatus.GRANTED && g.active())
                .orElseThrow(() -> ApiException.notFound("consent_not_granted", "This session has no active grant."));
        Map<String, Object> data = new LinkedHashMap<>();
        for (DataCategory category : grant.dataCategories()) {
            data.put(category.wireName(), switch (category) {
                case PROFILE -> consumerData.profile(grant.consumerId());
                case CONTACTS -> consumerData.contacts(grant.consumerId());
                case ADDRESSES -> consumerData.addresses(grant.consumerId());
                case DOCUMENTS -> consumerData.documents(grant.consumerId());
            });
        }
        accessLog.record(grant.id(), grant.consumerId(), clientId, grant.dataCategories().stream().map(DataCategory::wireName).toList());
        return new ConsentedData(session.id(), session.productId(), session.productVersion(), grant.grantedAt(), data);
    }

    // ---- the consumer's side --------------------------------------------------------------

    /**
     * The session as the consumer sees it; the first consumer to open a pending session claims it
     * (D7). A session claimed by someone else, or meant for someone else, does not exist for them.
     */
    @Transactional(noRollbackFor = ApiException.class)
    public SessionDescription open(UserAccount consumer, String id) {
        ConsentSession session = lockCurrent(find(id).orElseThrow(ApiException::notFound).id());
        if (session.consumerId().isEmpty()) {
            if (!mayClaim(consumer, session)) {
                throw ApiException.notFound();
            }
            Instant now = clock.instant();
            sessions.claim(session.id(), consumer.id(), now);
            opportunities.onSessionEvent(session.id(), Stage.SessionEvent.OPENED, null);
            SessionDescription described = describe(session);
            notifications.notify(consumer.id(), Kind.SESSION_PENDING, described.partner().name() + " asks for your data",
                    described.partner().name() + " asks to see your " + categories(described.product()) + " for "
                            + described.product().content().name() + ".", session.id());
            session = sessions.find(session.id()).orElseThrow();
        } else if (!session.consumerId().get().equals(consumer.id())) {
            throw ApiException.notFound();
        }
        return describe(session);
    }

    /** Whether this consumer may claim the (unclaimed, pending) session: staff never; the hinted consumer only. */
    private static boolean mayClaim(UserAccount consumer, ConsentSession session) {
        return session.status() == SessionStatus.PENDING
                && consumer.accountType() == io.assent.identity.AccountType.CONSUMER
                && session.consumerHint().map(hint -> hint.equals(consumer.email())).orElse(true);
    }

    @Transactional(noRollbackFor = ApiException.class)
    public SessionDescription approve(UserAccount consumer, String id, CollectionMethod method) {
        ConsentSession session = claimedBy(consumer, id);
        requireMove(session, SessionStatus.GRANTED);
        SessionDescription described = describe(session);
        Instant now = clock.instant();
        sessions.answer(session.id(), SessionStatus.GRANTED, method, now);
        Grant grant = new Grant(ids.newId(), session.id(), consumer.id(), session.tenant(), session.productId(),
                session.productVersion(), described.product().content().dataCategories(), true, now, Optional.empty(),
                Optional.empty());
        grants.insert(grant);
        receipts.granted(terms(grant, described, method));
        outbox.record(event(WebhookEvent.SESSION_GRANTED, session, now, Optional.empty(), Optional.empty()));
        opportunities.onSessionEvent(session.id(), Stage.SessionEvent.GRANTED, WebhookEvent.SESSION_GRANTED.wireName());
        history.record(consumer.id(), "consent_granted", Actor.CONSUMER,
                "You shared your " + categories(described.product()) + " with " + described.partner().name()
                        + " for " + described.product().content().name() + ".",
                details(session, described, Map.of("grant_id", grant.id().toString())));
        notifications.notify(consumer.id(), Kind.GRANT_CREATED, "You are sharing data with " + described.partner().name(),
                described.partner().name() + " can now see your " + categories(described.product()) + ".", session.id());
        return describe(sessions.find(session.id()).orElseThrow());
    }

    @Transactional(noRollbackFor = ApiException.class)
    public SessionDescription deny(UserAccount consumer, String id, CollectionMethod method) {
        ConsentSession session = claimedBy(consumer, id);
        requireMove(session, SessionStatus.DENIED);
        SessionDescription described = describe(session);
        Instant now = clock.instant();
        sessions.answer(session.id(), SessionStatus.DENIED, method, now);
        outbox.record(event(WebhookEvent.SESSION_DENIED, session, now, Optional.empty(), Optional.empty()));
        opportunities.onSessionEvent(session.id(), Stage.SessionEvent.DENIED, WebhookEvent.SESSION_DENIED.wireName());
        history.record(consumer.id(), "consent_denied", Actor.CONSUMER,
                "You declined to share your data with " + described.partner().name() + " for "
                        + described.product().content().name() + ".", details(session, described, Map.of()));
        return describe(sessions.find(session.id()).orElseThrow());
    }

    /** The consumer withdraws a grant (D12): granted -> revoked; already revoked is left as it is. */
    @Transactional(noRollbackFor = ApiException.class)
    public SessionDescription revokeByConsumer(UserAccount consumer, String id) {
        ConsentSession session = claimedBy(consumer, id);
        if (session.status() != SessionStatus.REVOKED) {
            if (session.status() != SessionStatus.GRANTED) {
                throw ApiException.conflict("invalid_state_transition", "Only a granted consent can be revoked.");
            }
            Instant now = clock.instant();
            sessions.revoke(session.id(), BY_CONSUMER, now);
            revokeGrant(session, BY_CONSUMER, now);
        }
        return describe(sessions.find(session.id()).orElseThrow());
    }

    public Page<SessionDescription> consentsOf(UserAccount consumer, PageRequest page) {
        List<ConsentSession> rows = sessions.byConsumer(consumer.id(), page).stream().map(this::current).toList();
        return Page.of(rows, page, s -> new Cursor(s.createdAt(), s.id())).map(this::describe);
    }

    public Page<Grant> grantsOf(UserAccount consumer, PageRequest page) {
        return Page.of(grants.byConsumer(consumer.id(), page), page, g -> new Cursor(g.grantedAt(), g.id()));
    }

    public Optional<Grant> grantOf(UUID sessionId) {
        return grants.bySession(sessionId);
    }

    /** One grant of this consumer; another consumer's grant does not exist for them. */
    public Optional<Grant> grantOf(UserAccount consumer, UUID grantId) {
        return grants.byId(grantId).filter(g -> g.consumerId().equals(consumer.id()));
    }

    public SessionDescription describe(ConsentSession session) {
        Partner partner = partners.find(session.tenant().partnerId()).orElseThrow();
        ProductVersion version = products.version(session.productId(), session.productVersion()).orElseThrow();
        return new SessionDescription(session, partner, version);
    }

    /** A session for its page: found by id, as it is now; no tenant or consumer check. */
    public Optional<ConsentSession> find(String id) {
        return IdGenerator.parse(id).flatMap(sessions::find);
    }

    /** Moves every pending session past its expiry to expired, with its events; returns how many. */
    public int expireDue() {
        int expired = 0;
        for (UUID id : sessions.dueForExpiry(clock.instant(), 100)) {
            transaction.executeWithoutResult(tx -> lockCurrent(id));
            expired++;
        }
        return expired;
    }

    // ---- shared steps ---------------------------------------------------------------------

    /** The session as it is now: a pending session past its expiry is expired first (D7). */
    public ConsentSession asOfNow(ConsentSession session) {
        return current(session);
    }

    private ConsentSession current(ConsentSession session) {
        if (!session.isDueToExpire(clock.instant())) {
            return session;
        }
        return transaction.execute(tx -> lockCurrent(session.id()));
    }

    /** Locks the session and, if it is pending past its expiry, expires it first (once: the lock serialises). */
    private ConsentSession lockCurrent(UUID id) {
        ConsentSession session = sessions.lock(id).orElseThrow(ApiException::notFound);
        Instant now = clock.instant();
        if (!session.isDueToExpire(now)) {
            return session;
        }
        sessions.expire(session.id(), now);
        outbox.record(event(WebhookEvent.SESSION_EXPIRED, session, now, Optional.empty(), Optional.empty()));
        opportunities.onSessionEvent(session.id(), Stage.SessionEvent.EXPIRED, WebhookEvent.SESSION_EXPIRED.wireName());
        session.consumerId().ifPresent(consumer -> {
            SessionDescription described = describe(session);
            history.record(consumer, "consent_expired", Actor.SYSTEM, "The request from " + described.partner().name()
                    + " for " + described.product().content().name() + " expired before you answered.",
                    details(session, described, Map.of()));
            notifications.notify(consumer, Kind.SESSION_EXPIRED, "A request for your data expired",
                    "The request from " + described.partner().name() + " expired before you answered.", session.id());
        });
        return sessions.find(id).orElseThrow();
    }

    private ConsentSession claimedBy(UserAccount consumer, String id) {
        ConsentSession session = lockCurrent(find(id).orElseThrow(ApiException::notFound).id());
        if (session.consumerId().isEmpty() && mayClaim(consumer, session)) {
            sessions.claim(session.id(), consumer.id(), clock.instant());
            opportunities.onSessionEvent(session.id(), Stage.SessionEvent.OPENED, null);
            return sessions.find(session.id()).orElseThrow();
        }
        if (session.consumerId().filter(consumer.id()::equals).isEmpty()) {
            throw ApiException.notFound();
        }
        return session;
    }

    private void revokeGrant(ConsentSession session, String revokedBy, Instant now) {
        Grant grant = grants.bySession(session.id()).orElseThrow();
        grants.revoke(grant.id(), revokedBy, now);
        SessionDescription described = describe(session);
        receipts.revoked(terms(grant, described, session.collectionMethod()), now, revokedBy);
        outbox.record(event(WebhookEvent.GRANT_REVOKED, session, now, Optional.of(grant.id()), Optional.of(revokedBy)));
        opportunities.onSessionEvent(session.id(), Stage.SessionEvent.GRANT_REVOKED, WebhookEvent.GRANT_REVOKED.wireName());
        boolean byConsumer = BY_CONSUMER.equals(revokedBy);
        String product = described.product().content().name();
        history.record(grant.consumerId(), "consent_revoked", byConsumer ? Actor.CONSUMER : Actor.PARTNER,
                byConsumer ? "You stopped sharing your data with " + described.partner().name() + " for " + product + "."
                        : described.partner().name() + " gave up its access to your data for " + product + ".",
                details(session, described, Map.of("grant_id", grant.id().toString(), "revoked_by", revokedBy)));
        notifications.notify(grant.consumerId(), Kind.GRANT_REVOKED, described.partner().name() + " no longer has access",
                described.partner().name() + " can no longer see your data for " + described.product().content().name() + ".",
                session.id());
    }

    /** What the receipt states: the grant as written, its partner and the pinned product version (D20). */
    private static ConsentTerms terms(Grant grant, SessionDescription described, CollectionMethod method) {
        Partner partner = described.partner();
        ProductVersion version = described.product();
        return new ConsentTerms(grant.sessionId(), grant.id(), grant.consumerId(),
                new ConsentTerms.Party(partner.id(), partner.name(), partner.ownerEmail()),
                new ConsentTerms.Terms(version.productId(), version.content().name(), version.version(),
                        version.content().purpose(), grant.dataCategories().stream().map(DataCategory::wireName).toList(),
                        version.content().retentionDays()),
                method.wireName(), grant.grantedAt());
    }

    private static void requireMove(ConsentSession session, SessionStatus to) {
        if (!session.status().canMoveTo(to)) {
            throw ApiException.conflict("invalid_state_transition",
                    "The session is " + session.status().wireName() + "; it cannot become " + to.wireName() + ".");
        }
    }

    private static SessionEvent event(WebhookEvent event, ConsentSession session, Instant at, Optional<UUID> grantId,
                                      Optional<String> revokedBy) {
        return new SessionEvent(event, session.tenant(), session.id(), session.productId(), session.externalReference(),
                at, grantId, revokedBy);
    }

    private static Map<String, Object> details(ConsentSession session, SessionDescription described, Map<String, Object> more) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("session_id", session.id().toString());
        details.put("partner_id", described.partner().id().toString());
        details.put("partner_name", described.partner().name());
        details.put("product_name", described.product().content().name());
        details.putAll(more);
        return details;
    }

    private static String categories(ProductVersion version) {
        List<String> names = version.content().dataCategories().stream().map(DataCategory::wireName).toList();
        if (names.size() <= 1) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }
}
