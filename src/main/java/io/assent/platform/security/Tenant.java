package io.assent.platform.security;

import java.util.UUID;

/**
 * The partner and environment a partner client acts in: the boundary no query may cross (D6).
 */
public record Tenant(UUID partnerId, Environment environment) {
}
