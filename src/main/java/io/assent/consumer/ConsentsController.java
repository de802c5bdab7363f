package io.assent.consumer;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.ResponseEntity;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.assent.identity.UserAccount;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Caller;
import io.assent.sessions.CollectionMethod;
import io.assent.sessions.Grant;
import io.assent.sessions.SessionService;

/**
 * The consumer's consents and grants through the API (D7, D12): the sessions they opened or
 * answered, their answers, and the grants those answers gave. Lists are plain arrays with a
 * {@code Link} header for the next page (D10).
 */
@RestController
public class ConsentsController {

    static final String CONSENTS = PublicUrls.API_PREFIX + "/me/consents";

    private final SessionService sessions;
    private final ConsumerAccounts accounts;
    private final GrantAccessLog accessLog;

    public ConsentsController(SessionService sessions, ConsumerAccounts accounts, GrantAccessLog accessLog) {
        this.sessions = sessions;
        this.accounts = accounts;
        this.accessLog = accessLog;
    }

    @GetMapping(CONSENTS)
    @PreAuthorize("hasAuthority('SCOPE_consumer.consent.read')")
    public ResponseEntity<List<ConsentViews.Consent>> list(@AuthenticationPrincipal Caller caller,
                                                           @RequestParam(required = false) String limit,
                                                           @RequestParam(required = false) String cursor,
                                                           HttpServletRequest request) {
        Page<ConsentViews.Consent> page = sessions.consentsOf(accounts.of(caller), PageRequest.of(limit, cursor))
                .map(ConsentViews::consent);
        return MeLists.withLink(page, request);
    }

    @GetMapping(CONSENTS + "/{id}")
    @PreAuthorize("hasAuthority('SCOPE_consumer.consent.read')")
    public ConsentViews.Consent read(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return ConsentViews.consent(sessions.open(accounts.of(caller), id));
    }

    @PostMapping(CONSENTS + "/{id}/approve")
    @PreAuthorize("hasAuthority('SCOPE_consumer.consent.respond')")
    public ConsentViews.Consent approve(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return ConsentViews.consent(sessions.approve(accounts.of(caller), id, CollectionMethod.API));
    }

    @PostMapping(CONSENTS + "/{id}/deny")
    @PreAuthorize("hasAuthority('SCOPE_consumer.consent.respond')")
    public ConsentViews.Consent deny(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return ConsentViews.consent(sessions.deny(accounts.of(caller), id, CollectionMethod.API));
    }

    @PostMapping(CONSENTS + "/{id}/revoke")
    @PreAuthorize("hasAuthority('SCOPE_consumer.grants.revoke')")
    public ConsentViews.Consent revoke(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return ConsentViews.consent(sessions.revokeByConsumer(accounts.of(caller), id));
    }

    @GetMapping(PublicUrls.API_PREFIX + "/me/grants")
    @PreAuthorize("hasAuthority('SCOPE_consumer.grants.read')")
    public ResponseEntity<List<ConsentViews.GrantView>> grants(@AuthenticationPrincipal Caller caller,
                                                               @RequestParam(required = false) String limit,
                                                               @RequestParam(required = false) String cursor,
                                                               HttpServletRequest request) {
        Page<Grant> grants = sessions.grantsOf(accounts.of(caller), PageRequest.of(limit, cursor));
        Map<UUID, GrantAccessLog.Summary> reads = accessLog.summaries(grants.data().stream().map(Grant::id).toList());
        return MeLists.withLink(grants.map(grant -> view(grant, reads.getOrDefault(grant.id(), GrantAccessLog.Summary.NONE))),
                request);
    }

    @GetMapping(PublicUrls.API_PREFIX + "/me/grants/{id}")
    @PreAuthorize("hasAuthority('SCOPE_consumer.grants.read')")
    public ConsentViews.GrantView grant(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        Grant grant = ownGrant(caller, id);
        return view(grant, accessLog.summary(grant.id()));
    }

    @GetMapping(PublicUrls.API_PREFIX + "/me/grants/{id}/accesses")
    @PreAuthorize("hasAuthority('SCOPE_consumer.grants.read')")
    public ResponseEntity<List<GrantAccess>> accesses(@AuthenticationPrincipal Caller caller, @PathVariable String id,
                                                      @RequestParam(required = false) String limit,
                                                      @RequestParam(required = false) String cursor,
                                                      HttpServletRequest request) {
        PageRequest page = PageRequest.of(limit, cursor);
        return MeLists.withLink(accessLog.accesses(ownGrant(caller, id).id(), page), request);
    }

    private Grant ownGrant(Caller caller, String id) {
        UserAccount consumer = accounts.of(caller);
        return IdGenerator.parse(id).flatMap(grantId -> sessions.grantOf(consumer, grantId))
                .orElseThrow(ApiException::notFound);
    }

    private ConsentViews.GrantView view(Grant grant, GrantAccessLog.Summary reads) {
        return ConsentViews.grant(grant, sessions.describe(sessions.find(grant.sessionId().toString()).orElseThrow()), reads);
    }
}
