package io.assent.webhooks;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Webhook delivery settings, under {@code assent.webhooks.*} ({@code ASSENT_WEBHOOKS_*}).
 *
 * @param allowPrivateAddresses let production endpoints resolve to private, loopback or link-local
 *                              addresses (an operator's choice for on-premises receivers; D13)
 * @param dispatchInterval      how often each node looks for due deliveries
 * @param dispatcherEnabled     whether this node runs the scheduled dispatcher (tests drive it by hand)
 * @param batchSize             deliveries one node claims at a time
 * @param senders               deliveries one node sends at once
 * @param batchesInFlight       claimed batches one node works on at once
 * @param lease                 the least time a claimed delivery is its node's; the dispatcher
 *                              lengthens it to outlast the slowest batch, so only a crashed node's
 *                              lease ever lapses
 */
@ConfigurationProperties("assent.webhooks")
public record WebhookSettings(
        @DefaultValue("false") boolean allowPrivateAddresses,
        @DefaultValue("100ms") Duration dispatchInterval,
        @DefaultValue("true") boolean dispatcherEnabled,
        @DefaultValue("100") int batchSize,
        @DefaultValue("16") int senders,
        @DefaultValue("4") int batchesInFlight,
        @DefaultValue("60s") Duration lease) {
}
