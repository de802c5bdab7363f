package io.assent.oauth.keys;

import java.time.Instant;
import java.util.Optional;

/**
 * A row of {@code signing_keys}: the public JWK in clear, the private JWK sealed under the master key;
 * {@code keptPublished} once the key signed a consent receipt (published for good).
 */
record StoredKey(String kid, String algorithm, String publicJwk, String privateJwkEncrypted,
                 Instant createdAt, Optional<Instant> retiredAt, boolean keptPublished) {

    boolean isCurrent() {
        return retiredAt.isEmpty();
    }
}
