package io.assent.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * Dispatchers racing over one database (on PostgreSQL when the suite runs on it): every event is
 * delivered and no attempt is sent twice.
 */
class ConcurrentDispatchTest extends WebhookTestBase {

    @Test
    void racingDispatchersNeverSendOneAttemptTwice() throws Exception {
        Receiver receiver = receiver();
        createEndpoint(receiver.url(), "[\"*\"]");
        Receiver second = receiver();
        createEndpoint(second.url(), "[\"session.granted\"]");
        int events = 150;
        Set<UUID> ids = new HashSet<>();
        for (int i = 0; i < events; i++) {
            ids.add(event(i % 2 == 0 ? WebhookEvent.SESSION_GRANTED : WebhookEvent.SESSION_DENIED));
        }
        int dispatchers = 4;
        ExecutorService pool = Executors.newFixedThreadPool(dispatchers);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Callable<Integer>> runs = java.util.stream.IntStream.range(0, dispatchers).<Callable<Integer>>mapToObj(i -> () -> {
                start.await();
                int made = 0;
                for (int round = 0; round < 3; round++) {
                    made += dispatcher.dispatchDue();
                }
                return made;
            }).toList();
            List<Future<Integer>> futures = runs.stream().map(pool::submit).toList();
            start.countDown();
            int attempts = 0;
            for (Future<Integer> future : futures) {
                attempts += future.get();
            }
            assertThat(attempts).isEqualTo(events + events / 2);
        } finally {
            pool.shutdownNow();
        }
        assertThat(perEvent(receiver)).hasSize(events).allSatisfy((id, count) -> assertThat(count).as(id).isEqualTo(1L));
        assertThat(perEvent(receiver).keySet()).isEqualTo(ids.stream().map(UUID::toString).collect(Collectors.toSet()));
        assertThat(perEvent(second)).hasSize(events / 2).allSatisfy((id, count) -> assertThat(count).isEqualTo(1L));
    }

    private static Map<String, Long> perEvent(Receiver receiver) {
        return receiver.received().stream().map(r -> r.header("Service-Event-Id") + "/" + r.header("Service-Delivery-Attempt"))
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()))
                .entrySet().stream().collect(Collectors.toMap(e -> e.getKey().substring(0, e.getKey().indexOf('/')), Map.Entry::getValue,
                        Long::sum));
    }
}
