package io.assent.oauth;

import java.time.Instant;
import java.util.Optional;

/** A stored refresh token (only its digest) and the chain it belongs to. */
record RefreshTokenRecord(String tokenHash, TokenChain chain, Instant idleExpiresAt, Optional<Instant> usedAt) {
}
