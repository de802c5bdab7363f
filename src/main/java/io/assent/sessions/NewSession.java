package io.assent.sessions;

import java.util.Map;
import java.util.Optional;

/** What a partner asks for when it creates a session (D7). */
public record NewSession(String productId, Optional<String> externalReference, Optional<String> returnUrl,
                         Optional<Integer> expiresIn, Optional<String> consumerHint, Map<String, String> metadata) {
}
