package io.assent.trust;

import java.util.List;
import java.util.UUID;

import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import io.assent.consumer.ConsumerAccounts;
import io.assent.identity.UserAccount;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;
import io.assent.platform.security.Caller;
import io.assent.sessions.ConsentSession;
import io.assent.sessions.SessionService;

/**
 * The receipts of a consent, for its consumer and for its partner, and the consumer's signed
 * history export (D20). Someone else's session is simply not found.
 */
@RestController
public class TrustController {

    private final ReceiptService receipts;
    private final ConsentChain chain;
    private final SessionService sessions;
    private final ConsumerAccounts accounts;

    public TrustController(ReceiptService receipts, ConsentChain chain, SessionService sessions, ConsumerAccounts accounts) {
        this.receipts = receipts;
        this.chain = chain;
        this.sessions = sessions;
        this.accounts = accounts;
    }

    @GetMapping(PublicUrls.API_PREFIX + "/me/consents/{id}/receipts")
    @PreAuthorize("hasAuthority('SCOPE_consumer.consent.read')")
    public List<Receipt> consumerReceipts(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        UUID consumer = accounts.of(caller).id();
        ConsentSession session = sessions.find(id).filter(s -> s.consumerId().filter(consumer::equals).isPresent())
                .orElseThrow(ApiException::notFound);
        return receipts.ofSession(session.id());
    }

    @GetMapping(PublicUrls.API_PREFIX + "/sessions/{id}/receipts")
    @PreAuthorize("hasAuthority('SCOPE_sessions.read')")
    public List<Receipt> partnerReceipts(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        ConsentSession session = sessions.forPartner(caller.tenant().orElseThrow(ApiException::notFound), id);
        return receipts.ofSession(session.id());
    }

    @GetMapping(PublicUrls.API_PREFIX + "/me/history/export")
    @PreAuthorize("hasAuthority('SCOPE_consumer.history.read')")
    public ConsentChain.Export export(@AuthenticationPrincipal Caller caller) {
        UserAccount consumer = accounts.of(caller);
        return chain.export(consumer.id());
    }
}
