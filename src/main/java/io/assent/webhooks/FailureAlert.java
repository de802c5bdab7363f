package io.assent.webhooks;

import java.util.UUID;

import org.springframework.stereotype.Component;

import io.assent.partners.PartnerService;
import io.assent.platform.config.PublicUrls;

/**
 * The e-mail of D13 after 3 consecutive failed attempts on an endpoint: one per streak, to the
 * partner's owner, naming the endpoint, the failures and where the diagnostics are.
 */
@Component
class FailureAlert {

    private final EndpointRepository endpoints;
    private final DeliveryRepository deliveries;
    private final PartnerService partners;
    private final PartnerMail mail;
    private final PublicUrls urls;

    FailureAlert(EndpointRepository endpoints, DeliveryRepository deliveries, PartnerService partners, PartnerMail mail,
                 PublicUrls urls) {
        this.endpoints = endpoints;
        this.deliveries = deliveries;
        this.partners = partners;
        this.mail = mail;
        this.urls = urls;
    }

    void send(UUID endpointId) {
        WebhookEndpoint endpoint = endpoints.findById(endpointId).orElseThrow();
        partners.find(endpoint.tenant().partnerId()).ifPresent(partner -> {
            StringBuilder body = new StringBuilder()
                    .append("Hello ").append(partner.name()).append(",\n\n")
                    .append("The last ").append(endpoints.failureStreak(endpointId))
                    .append(" delivery attempts to your webhook endpoint failed.\n\n")
                    .append("Endpoint: ").append(endpoint.id()).append('\n')
                    .append("URL: ").append(endpoint.url()).append('\n')
                    .append("Environment: ").append(endpoint.tenant().environment().wireName()).append("\n\n")
                    .append("Recent failed attempts:\n");
            for (String line : deliveries.recentFailures(endpointId, 3)) {
                body.append("  ").append(line).append('\n');
            }
            body.append("\nFailed deliveries are retried for 24 hours. Diagnostics: GET ").append(urls.baseUrl())
                    .append("/webhook-deliveries?endpoint_id=").append(endpoint.id()).append("\n")
                    .append("You will not get another e-mail about this endpoint until a delivery succeeds again.\n");
            mail.send(partner.ownerEmail(), "Webhook deliveries to your endpoint are failing", body.toString());
        });
    }
}
