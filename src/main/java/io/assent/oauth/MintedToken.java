package io.assent.oauth;

import java.time.Instant;

/** A signed token and what the issuer needs to know about it. */
public record MintedToken(String value, String jti, Instant issuedAt, Instant expiresAt) {
}
