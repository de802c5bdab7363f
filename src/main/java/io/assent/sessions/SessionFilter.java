package io.assent.sessions;

import java.util.Optional;
import java.util.UUID;

/** The filters of a partner's session list; an empty one matches every session. */
public record SessionFilter(Optional<SessionStatus> status, Optional<UUID> productId, Optional<String> externalReference) {
}
