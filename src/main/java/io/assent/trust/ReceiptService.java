package io.assent.trust;

import java.text.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import io.assent.oauth.TokenMinter;
import io.assent.oauth.TokenMinter.SignedDocument;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.id.IdGenerator;

/**
 * Consent receipts (D20): on every grant and every revocation, a compact JWS signed with the
 * service's token keys ({@code typ: consent-receipt+jwt}) stating what was agreed, stored in the
 * transaction of the change, so that a receipt exists exactly when its change does. Anyone can
 * verify one offline with the published JWK Set; the keys that sign receipts stay published.
 */
@Service
public class ReceiptService {

    public static final String TYPE = "consent-receipt+jwt";
    public static final String GRANTED = "granted";
    public static final String REVOKED = "revoked";

    private final ReceiptRepository receipts;
    private final TokenMinter minter;
    private final PublicUrls urls;
    private final TrustSettings settings;
    private final IdGenerator ids;
    private final Clock clock;

    public ReceiptService(ReceiptRepository receipts, TokenMinter minter, PublicUrls urls, TrustSettings settings,
                          IdGenerator ids, Clock clock) {
        this.receipts = receipts;
        this.minter = minter;
        this.urls = urls;
        this.settings = settings;
        this.ids = ids;
        this.clock = clock;
    }

    /** The receipt of a grant just written in the caller's transaction. */
    @Transactional(propagation = Propagation.MANDATORY)
    public Optional<Receipt> granted(ConsentTerms terms) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("consent_at", rfc3339(terms.consentAt()));
        return issue(terms, GRANTED, event);
    }

    /** The receipt of a revocation just written; {@code prev} names the grant's previous receipt. */
    @Transactional(propagation = Propagation.MANDATORY)
    public Optional<Receipt> revoked(ConsentTerms terms, Instant revokedAt, String revokedBy) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("revoked_at", rfc3339(revokedAt));
        event.put("revoked_by", revokedBy);
        if (settings.enabled()) {
            receipts.latestOfGrant(terms.grantId()).ifPresent(prev -> event.put("prev", prev.toString()));
        }
        return issue(terms, REVOKED, event);
    }

    /** The session's receipts, oldest first ({@code []} for a session never granted). */
    public List<Receipt> ofSession(UUID sessionId) {
        return receipts.bySession(sessionId);
    }

    /** One receipt of the session. */
    public Optional<Receipt> ofSession(UUID sessionId, String receiptId) {
        return ofSession(sessionId).stream().filter(r -> r.id().equals(receiptId)).findFirst();
    }

    /** What a person reads beside a receipt: its claims, from the receipt itself. */
    public ReceiptSummary summary(Receipt receipt) {
        try {
            return ReceiptSummary.of(receipt, SignedJWT.parse(receipt.jws()).getJWTClaimsSet());
        } catch (ParseException e) {
            throw new IllegalStateException("stored receipt " + receipt.id() + " is not a JWS", e);
        }
    }

    private Optional<Receipt> issue(ConsentTerms terms, String type, Map<String, Object> event) {
        if (!settings.enabled()) {
            return Optional.empty();
        }
        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
        UUID id = ids.newId();
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .issuer(urls.baseUrl())
                .jwtID(id.toString())
                .issueTime(Date.from(now))
                .subject(terms.consumerId().toString())
                .claim("receipt_type", type)
                .claim("session_id", terms.sessionId().toString())
                .claim("grant_id", terms.grantId().toString())
                .claim("partner", partner(terms.partner()))
                .claim("product", product(terms.product()));
        event.forEach(claims::claim);
        claims.claim("collection_method", terms.collectionMethod())
                .claim("withdraw_url", urls.publicUrl() + "/account/consents/" + terms.sessionId());
        SignedDocument signed = minter.signDocument(claims.build(), TYPE);
        receipts.insert(id, terms, type, now, signed.kid(), signed.jws());
        return Optional.of(new Receipt(id.toString(), type, now, signed.jws()));
    }

    private static Map<String, Object> partner(ConsentTerms.Party partner) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", partner.id().toString());
        json.put("name", partner.name());
        json.put("contact", partner.contact());
        return json;
    }

    private static Map<String, Object> product(ConsentTerms.Terms product) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", product.id().toString());
        json.put("name", product.name());
        json.put("version", product.version());
        json.put("purpose", product.purpose().orElse(null));
        json.put("data_categories", List.copyOf(product.dataCategories()));
        json.put("retention_days", product.retentionDays().orElse(null));
        return json;
    }

    /** RFC 3339 to the microsecond the database keeps, as every other time of the API (D2). */
    static String rfc3339(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MICROS).toString();
    }
}
