package io.assent.trust;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Trust settings, under {@code assent.trust.*} ({@code ASSENT_TRUST_*}).
 *
 * @param enabled whether grants and revocations issue receipts and history events and grant
 *                accesses are chained (D20). Off only to measure what they cost: records written
 *                while it is off are in no chain and have no receipt, for good.
 */
@ConfigurationProperties("assent.trust")
public record TrustSettings(@DefaultValue("true") boolean enabled) {
}
