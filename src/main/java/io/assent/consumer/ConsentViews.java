package io.assent.consumer;

import java.time.Instant;
import java.util.List;

import io.assent.products.DataCategory;
import io.assent.sessions.Grant;
import io.assent.sessions.SessionDescription;

/** The Consent and Grant resources of {@code /me} (D12, D16). */
final class ConsentViews {

    private ConsentViews() {
    }

    record PartnerRef(String id, String name) {
    }

    record ProductRef(String id, String name, int version, String purpose, List<String> dataCategories) {
    }

    record Consent(String id, String status, PartnerRef partner, ProductRef product, Instant expiresAt, Instant answeredAt) {
    }

    record GrantProductRef(String id, String name) {
    }

    record GrantView(String id, String sessionId, PartnerRef partner, GrantProductRef product, int productVersion,
                     List<String> dataCategories, String status, Instant grantedAt, Instant revokedAt,
                     Instant lastAccessedAt, long accessCount) {
    }

    static Consent consent(SessionDescription d) {
        var content = d.product().content();
        return new Consent(d.session().id().toString(), d.session().status().wireName(),
                new PartnerRef(d.partner().id().toString(), d.partner().name()),
                new ProductRef(d.session().productId().toString(), content.name(), d.product().version(),
                        content.purpose().orElse(null), content.dataCategories().stream().map(DataCategory::wireName).toList()),
                d.session().expiresAt(), d.session().answeredAt().orElse(null));
    }

    static GrantView grant(Grant grant, SessionDescription d, GrantAccessLog.Summary reads) {
        return new GrantView(grant.id().toString(), grant.sessionId().toString(),
                new PartnerRef(d.partner().id().toString(), d.partner().name()),
                new GrantProductRef(grant.productId().toString(), d.product().content().name()), grant.productVersion(),
                grant.dataCategories().stream().map(DataCategory::wireName).toList(), grant.active() ? "active" : "revoked",
                grant.grantedAt(), grant.revokedAt().orElse(null), reads.lastAccessedAt().orElse(null), reads.accessCount());
    }
}
