package io.assent.sessions;

import java.time.Instant;
import java.util.Map;

import io.assent.platform.config.PublicUrls;

/** The Session resource (spec "Session", D16). */
public record SessionResponse(String sessionId, String opportunityId, String sessionUrl, String status, Instant expiresAt,
                              String productId, int productVersion, String externalReference, String returnUrl,
                              Map<String, String> metadata, Instant createdAt) {

    public static SessionResponse of(ConsentSession s, PublicUrls urls) {
        return new SessionResponse(s.id().toString(), s.opportunityId().toString(), urls.sessionBase() + "/" + s.id(),
                s.status().wireName(), s.expiresAt(), s.productId().toString(), s.productVersion(),
                s.externalReference().orElse(null), s.returnUrl().orElse(null), s.metadata(), s.createdAt());
    }
}
