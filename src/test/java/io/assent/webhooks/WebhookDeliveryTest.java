package io.assent.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ConsentLoop.Consumer;
import tools.jackson.databind.JsonNode;

/** Delivery to real receivers on loopback: signatures, retries on a moved clock, paused and disabled endpoints, rolls, redelivery. */
class WebhookDeliveryTest extends WebhookTestBase {

    @Autowired
    JdbcClient jdbc;

    @Test
    void aGrantedSessionReachesTheReceiverSignedAsTheSpecSays() throws Exception {
        Receiver receiver = receiver();
        JsonNode endpoint = createEndpoint(receiver.url(), "[\"session.granted\"]");
        String secret = endpoint.path("secret").asString();

        String sessionId = loop.createSession();
        Consumer consumer = loop.consumer();
        assertThat(loop.consumerCall(consumer, "POST", "/" + sessionId + "/approve").status()).isEqualTo(200);
        dispatcher.dispatchDue();

        assertThat(receiver.received()).hasSize(1);
        Receiver.Received received = receiver.received().get(0);
        assertThat(verified(received, secret)).isTrue();
        assertThat(received.header("Content-Type")).isEqualTo("application/json");
        assertThat(received.header("Service-Delivery-Attempt")).isEqualTo("1");
        assertThat(received.header("Service-Signature")).matches("t=\\d+,v1=[0-9a-f]{64}");
        JsonNode body = tools.jackson.databind.json.JsonMapper.builder().build().readTree(received.body());
        assertThat(body.path("event").asString()).isEqualTo("session.granted");
        assertThat(body.path("session_id").asString()).isEqualTo(sessionId);
        assertThat(body.path("product_id").asString()).isEqualTo(loop.productId.toString());
        assertThat(received.header("Service-Event-Id")).isEqualTo(body.path("id").asString());
        String stored = jdbc.sql("select payload from outbox_events where id = :id")
                .param("id", UUID.fromString(body.path("id").asString())).query(String.class).single();
        assertThat(received.body()).isEqualTo(stored);

        // tampering and staleness are what the verifier is for
        assertThat(WebhookVerifier.verify(received.header("Service-Signature"), received.body() + " ", secret,
                clock.instant().getEpochSecond())).isFalse();
        assertThat(WebhookVerifier.verify(received.header("Service-Signature"), received.body(), secret,
                clock.instant().getEpochSecond() + 301)).isFalse();
        assertThat(WebhookVerifier.verify(received.header("Service-Signature"), received.body(), "whsec_other",
                clock.instant().getEpochSecond())).isFalse();

        JsonNode delivery = deliveries("?session_id=" + sessionId).get(0);
        assertThat(delivery.path("status").asString()).isEqualTo("succeeded");
        assertThat(delivery.path("event_id").asString()).isEqualTo(body.path("id").asString());
        assertThat(delivery.path("next_attempt_at").isNull()).isTrue();
        JsonNode attempt = delivery.path("attempts").get(0);
        assertThat(attempt.path("status_code").asInt()).isEqualTo(200);
        assertThat(attempt.path("error").isNull()).isTrue();
        assertThat(attempt.path("response_body").asString()).isEqualTo("answer 200");
        assertThat(attempt.path("latency_ms").asLong()).isGreaterThanOrEqualTo(0);
        // a second run sends nothing more
        assertThat(dispatcher.dispatchDue()).isZero();
        assertThat(receiver.received()).hasSize(1);
    }

    @Test
    void everyRetryStepFollowsTheScheduleUntilTheDeliveryFails() throws Exception {
        Receiver receiver = receiver();
        receiver.answerAlways(503);
        String endpointId = createEndpoint(receiver.url(), "[\"*\"]").path("id").asString();
        event(WebhookEvent.SESSION_DENIED);
        dispatcher.dispatchDue();
        List<Duration> expected = List.of(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofMinutes(2),
                Duration.ofMinutes(10), Duration.ofHours(1), Duration.ofHours(6), Duration.ofHours(6), Duration.ofHours(6));
        Instant first = Instant.parse(onlyDelivery(endpointId).path("attempts").get(0).path("attempted_at").asString());
        for (int i = 0; i < expected.size(); i++) {
            JsonNode delivery = onlyDelivery(endpointId);
            JsonNode attempts = delivery.path("attempts");
            Instant last = Instant.parse(attempts.get(attempts.size() - 1).path("attempted_at").asString());
            assertThat(delivery.path("status").asString()).isEqualTo("pending");
            assertThat(Duration.between(last, nextAttemptAt(delivery))).as("delay after attempt %d", i + 1).isEqualTo(expected.get(i));
            // not yet due: nothing is sent
            clock.advance(expected.get(i).minusSeconds(2));
            dispatcher.dispatchDue();
            assertThat(receiver.received()).hasSize(i + 1);
            clock.advance(Duration.ofSeconds(2));
            dispatcher.dispatchDue();
            assertThat(receiver.received()).hasSize(i + 2);
            assertThat(receiver.received().get(i + 1).header("Service-Delivery-Attempt")).isEqualTo(Integer.toString(i + 2));
            assertThat(receiver.received().get(i + 1).header("Service-Event-Id")).isEqualTo(receiver.received().get(0).header("Service-Event-Id"));
        }
        // nine attempts: the next would come more than 24 h after the first
        JsonNode failed = onlyDelivery(endpointId);
        assertThat(failed.path("status").asString()).isEqualTo("failed");
        assertThat(failed.path("next_attempt_at").isNull()).isTrue();
        assertThat(failed.path("attempts").size()).isEqualTo(9);
        assertThat(failed.path("attempts").get(8).path("status_code").asInt()).isEqualTo(503);
        Instant lastAttempt = Instant.parse(failed.path("attempts").get(8).path("attempted_at").asString());
        assertThat(Duration.between(first, lastAttempt)).isLessThan(Duration.ofHours(24));
        clock.advance(Duration.ofHours(7));
        dispatcher.dispatchDue();
        assertThat(receiver.received()).hasSize(9);
        assertThat(deliveries("?endpoint_id=" + endpointId + "&status=failed")).hasSize(1);
        assertThat(deliveries("?endpoint_id=" + endpointId + "&status=pending")).isEmpty();
    }

    @Test
    void aDeliverySucceedsAfterFailuresAndNetworkErrorsCountAsFailures() throws Exception {
        Receiver receiver = receiver();
        receiver.answer(500, 302);
        String endpointId = createEndpoint(receiver.url(), "[\"*\"]").path("id").asString();
        event(WebhookEvent.SESSION_EXPIRED);
        dispatcher.dispatchDue();
        clock.advance(Duration.ofSeconds(5));
        dispatcher.dispatchDue();
        clock.advance(Duration.ofSeconds(30));
        dispatcher.dispatchDue();
        JsonNode delivery = onlyDelivery(endpointId);
        assertThat(delivery.path("status").asString()).isEqualTo("succeeded");
        assertThat(delivery.path("attempts").valueStream().map(a -> a.path("status_code").asInt()).toList())
                .containsExactly(500, 302, 200);

        Receiver gone = receiver();
        String goneId = createEndpoint(gone.url(), "[\"*\"]").path("id").asString();
        gone.close();
        event(WebhookEvent.SESSION_EXPIRED);
        dispatcher.dispatchDue();
        JsonNode failedAttempt = onlyDelivery(goneId).path("attempts").get(0);
        assertThat(failedAttempt.path("status_code").isNull()).isTrue();
        assertThat(failedAttempt.path("error").asString()).isIn("connection_refused", "network_error");
    }

    @Test
    void onlySubscribedEventsAreDeliveredAndOnlyToTheirTenant() throws Exception {
        Receiver deniedOnly = receiver();
        Receiver everything = receiver();
        createEndpoint(deniedOnly.url(), "[\"session.denied\"]");
        createEndpoint(everything.url(), "[\"*\"]");
        event(WebhookEvent.SESSION_GRANTED);
        event(WebhookEvent.GRANT_REVOKED);
        event(WebhookEvent.SESSION_DENIED);
        event(WebhookEvent.GRANT_REVOKED, new io.assent.platform.security.Tenant(loop.partner.id(),
                io.assent.platform.security.Environment.PRODUCTION));
        dispatcher.dispatchDue();
        assertThat(deniedOnly.received()).hasSize(1);
        assertThat(deniedOnly.received().get(0).body()).contains("\"event\":\"session.denied\"");
        assertThat(everything.received()).hasSize(3);
        assertThat(deliveries("?event=grant.revoked")).hasSize(1);
        assertThat(api().get(DELIVERIES + "?status=sent").bearer(freshToken()).send().status()).isEqualTo(400);
    }

    @Test
    void pausedEndpointsHoldTheirDeliveriesAndDisabledOnesGetNothingMore() throws Exception {
        Receiver receiver = receiver();
        String id = createEndpoint(receiver.url(), "[\"*\"]").path("id").asString();
        assertThat(patch(id, "{\"status\":\"paused\"}").status()).isEqualTo(200);
        event(WebhookEvent.SESSION_GRANTED);
        dispatcher.dispatchDue();
        clock.advance(Duration.ofHours(2));
        dispatcher.dispatchDue();
        assertThat(receiver.received()).isEmpty();
        assertThat(onlyDelivery(id).path("status").asString()).isEqualTo("pending");

        patch(id, "{\"status\":\"active\"}");
        dispatcher.dispatchDue();
        assertThat(receiver.received()).hasSize(1);

        receiver.answerAlways(500);
        event(WebhookEvent.SESSION_DENIED);
        dispatcher.dispatchDue();
        assertThat(receiver.received()).hasSize(2);
        api().delete(ENDPOINTS + "/" + id).bearer(freshToken()).send();
        event(WebhookEvent.SESSION_EXPIRED);
        clock.advance(Duration.ofMinutes(1));
        dispatcher.dispatchDue();
        assertThat(receiver.received()).hasSize(2);
        JsonNode all = deliveries("?endpoint_id=" + id);
        assertThat(all).hasSize(2);
        assertThat(deliveries("?endpoint_id=" + id + "&status=failed")).hasSize(1);
        ApiResponse redeliver = api().post(DELIVERIES + "/" + all.get(0).path("id").asString() + "/redeliver").bearer(freshToken()).send();
        assertThat(redeliver.status()).isEqualTo(409);
    }

    @Test
    void afterARollBothSecretsSignForADay() throws Exception {
        Receiver receiver = receiver();
        JsonNode endpoint = createEndpoint(receiver.url(), "[\"*\"]");
        String oldSecret = endpoint.path("secret").asString();
        String newSecret = patch(endpoint.path("id").asString(), "{\"roll_secret\":true}").json().path("secret").asString();
        event(WebhookEvent.SESSION_GRANTED);
        dispatcher.dispatchDue();
        Receiver.Received duringRoll = receiver.received().get(0);
        assertThat(duringRoll.header("Service-Signature")).matches("t=\\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}");
        assertThat(verified(duringRoll, newSecret)).isTrue();
        assertThat(verified(duringRoll, oldSecret)).isTrue();

        clock.advance(Duration.ofHours(24).plusSeconds(1));
        event(WebhookEvent.SESSION_DENIED);
        dispatcher.dispatchDue();
        Receiver.Received afterRoll = receiver.received().get(1);
        assertThat(afterRoll.header("Service-Signature")).matches("t=\\d+,v1=[0-9a-f]{64}");
        assertThat(verified(afterRoll, newSecret)).isTrue();
        assertThat(verified(afterRoll, oldSecret)).isFalse();
    }

    @Test
    void redeliverySendsTheSameEventAgainNowAsANewDelivery() throws Exception {
        Receiver receiver = receiver();
        JsonNode endpoint = createEndpoint(receiver.url(), "[\"*\"]");
        String endpointId = endpoint.path("id").asString();
        UUID eventId = event(WebhookEvent.SESSION_GRANTED);
        dispatcher.dispatchDue();
        String deliveryId = onlyDelivery(endpointId).path("id").asString();

        ApiResponse queued = api().post(DELIVERIES + "/" + deliveryId + "/redeliver").bearer(freshToken()).send();
        assertThat(queued.status()).isEqualTo(200);
        assertThat(queued.json().path("status").asString()).isEqualTo("queued");
        assertThat(queued.json().path("delivery").path("id").asString()).isNotEqualTo(deliveryId);
        assertThat(queued.json().path("delivery").path("event_id").asString()).isEqualTo(eventId.toString());
        assertThat(queued.json().path("delivery").path("status").asString()).isEqualTo("pending");
        dispatcher.dispatchDue();

        assertThat(receiver.received()).hasSize(2);
        Receiver.Received again = receiver.received().get(1);
        assertThat(again.header("Service-Event-Id")).isEqualTo(eventId.toString());
        assertThat(again.header("Service-Delivery-Attempt")).isEqualTo("1");
        assertThat(again.body()).isEqualTo(receiver.received().get(0).body());
        assertThat(verified(again, endpoint.path("secret").asString())).isTrue();
        assertThat(deliveries("?endpoint_id=" + endpointId + "&status=succeeded")).hasSize(2);
        assertThat(api().post(DELIVERIES + "/" + UUID.randomUUID() + "/redeliver").bearer(freshToken()).send().status()).isEqualTo(404);
    }

    @Test
    void retryDelaysAreTheTableOfD13() {
        Instant first = Instant.parse("2026-01-01T00:00:00Z");
        assertThat(RetrySchedule.next(first, 1, first)).contains(first.plusSeconds(5));
        assertThat(RetrySchedule.next(first, 6, first.plusSeconds(3600))).contains(first.plusSeconds(3600 + 6 * 3600));
        assertThat(RetrySchedule.next(first, 7, first.plus(Duration.ofHours(13)))).contains(first.plus(Duration.ofHours(19)));
        assertThat(RetrySchedule.next(first, 8, first.plus(Duration.ofHours(19)))).isEmpty();
        assertThat(RetrySchedule.next(first, 8, first.plus(Duration.ofHours(18)))).contains(first.plus(Duration.ofHours(24)));
    }
}
