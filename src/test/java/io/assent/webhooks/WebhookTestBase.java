package io.assent.webhooks;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

import io.assent.platform.security.Tenant;
import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.ConsentLoop;
import tools.jackson.databind.JsonNode;

/** A partner with a token and receivers on loopback; events put into the outbox as the sessions feature does. */
abstract class WebhookTestBase extends ApiTest {

    static final String ENDPOINTS = "/api/public/v1/webhook-endpoints";
    static final String DELIVERIES = "/api/public/v1/webhook-deliveries";

    @Autowired
    OutboxService outbox;
    @Autowired
    WebhookDispatcher dispatcher;
    @Autowired
    TransactionTemplate transactions;

    ConsentLoop loop;
    final List<Receiver> receivers = new ArrayList<>();
    final List<String> endpointIds = new ArrayList<>();

    @BeforeEach
    void partnerWithToken() {
        loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
    }

    /** Disables what the test created, so no later test's moved clock sends to its closed receivers. */
    @AfterEach
    void cleanUp() {
        String token = freshToken();
        for (String id : endpointIds) {
            api().delete(ENDPOINTS + "/" + id).bearer(token).send();
        }
        receivers.forEach(Receiver::close);
    }

    String freshToken() {
        return tokenFor(loop.client);
    }

    Receiver receiver() throws Exception {
        Receiver receiver = new Receiver();
        receivers.add(receiver);
        return receiver;
    }

    JsonNode createEndpoint(String url, String eventsJson) {
        ApiResponse created = api().post(ENDPOINTS).bearer(freshToken())
                .json("{\"url\":\"" + url + "\",\"subscribed_events\":" + eventsJson + "}").send();
        if (created.status() != 201) {
            throw new AssertionError("endpoint not created: " + created.body());
        }
        endpointIds.add(created.json().path("id").asString());
        return created.json();
    }

    ApiResponse patch(String endpointId, String json) {
        return api().patch(ENDPOINTS + "/" + endpointId).bearer(freshToken()).json(json).send();
    }

    /** Records an event in the outbox, in a transaction, as SessionService does; returns the event id. */
    UUID event(WebhookEvent event) {
        return event(event, loop.tenant);
    }

    UUID event(WebhookEvent event, Tenant tenant) {
        return transactions.execute(status -> outbox.record(new OutboxService.SessionEvent(event, tenant, UUID.randomUUID(),
                loop.productId, Optional.of("ref-1"), clock.instant(), Optional.empty(), Optional.empty())));
    }

    JsonNode deliveries(String query) {
        ApiResponse list = api().get(DELIVERIES + query).bearer(freshToken()).send();
        if (list.status() != 200) {
            throw new AssertionError("deliveries not listed: " + list.body());
        }
        return list.json().path("data");
    }

    JsonNode onlyDelivery(String endpointId) {
        JsonNode data = deliveries("?endpoint_id=" + endpointId);
        if (data.size() != 1) {
            throw new AssertionError("expected one delivery, got " + data);
        }
        return data.get(0);
    }

    Instant nextAttemptAt(JsonNode delivery) {
        return Instant.parse(delivery.path("next_attempt_at").asString());
    }

    boolean verified(Receiver.Received received, String secret) {
        return WebhookVerifier.verify(received.header("Service-Signature"), received.body(), secret,
                clock.instant().getEpochSecond());
    }
}
