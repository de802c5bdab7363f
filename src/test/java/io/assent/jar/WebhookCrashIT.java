package io.assent.jar;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.net.httpserver.HttpServer;

import io.assent.support.FreePort;
import tools.jackson.databind.json.JsonMapper;

/**
 * D13 durability: the packaged server is killed with {@code kill -9} while it is delivering, started
 * again on the same data directory, and every event still reaches the receiver. Duplicates (at
 * least once) are counted; only what the killed node had sent or was sending can arrive twice. The
 * lease adapts to the batch (16 attempts on 16 senders: about 16 s), so the restart resends soon.
 */
class WebhookCrashIT {

    private static final int EVENTS = 300;
    private static final int BATCH = 16;
    private static final int BATCHES_IN_FLIGHT = 1;

    @TempDir
    Path workDir;

    @Test
    void aServerKilledMidDeliveryLosesNoEventAfterARestart() throws Exception {
        Map<String, AtomicInteger> received = new ConcurrentHashMap<>();
        AtomicInteger requests = new AtomicInteger();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 200);
        receiver.setExecutor(Executors.newFixedThreadPool(32));
        receiver.createContext("/", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                in.readAllBytes();
            }
            String eventId = exchange.getRequestHeaders().getFirst("Service-Event-Id");
            try {
                Thread.sleep(100); // slow enough that deliveries are in flight when the server dies
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            received.computeIfAbsent(eventId, k -> new AtomicInteger()).incrementAndGet();
            requests.incrementAndGet();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.start();
        Path dataDir = Files.createDirectories(workDir.resolve("data"));
        RunningJar jar = new RunningJar(Path.of(System.getProperty("assent.jar", "target/assent.jar")), dataDir, FreePort.find())
                .with("ASSENT_WEBHOOKS_LEASE", "3s").with("ASSENT_WEBHOOKS_SENDERS", "16").with("ASSENT_WEBHOOKS_BATCH_SIZE", Integer.toString(BATCH))
                .with("ASSENT_WEBHOOKS_BATCHES_IN_FLIGHT", Integer.toString(BATCHES_IN_FLIGHT));
        try {
            jar.start();
            String log = jar.log();
            String basic = Base64.getEncoder().encodeToString((banner(log, "client_id") + ":" + banner(log, "client_secret"))
                    .getBytes(StandardCharsets.UTF_8));
            HttpResponse<String> token = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create(jar.baseUrl() + "/api/public/v1/oauth/token"))
                    .header("Authorization", "Basic " + basic).header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials")).build(), HttpResponse.BodyHandlers.ofString());
            String accessToken = JsonMapper.builder().build().readTree(token.body()).path("access_token").asString();
            HttpResponse<String> created = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create(jar.baseUrl() + "/api/public/v1/webhook-endpoints"))
                    .header("Authorization", "Bearer " + accessToken).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"http://127.0.0.1:" + receiver.getAddress().getPort()
                            + "/hooks\",\"subscribed_events\":[\"*\"]}")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            String endpointId = JsonMapper.builder().build().readTree(created.body()).path("id").asString();

            List<String> eventIds = insertEvents(dataDir, endpointId);
            waitUntil(() -> requests.get() >= 40, Duration.ofSeconds(60));
            jar.kill9();
            int beforeKill = requests.get();
            assertThat(beforeKill).isLessThan(EVENTS);

            jar.start();
            waitUntil(() -> eventIds.stream().allMatch(received::containsKey), Duration.ofSeconds(90));
            Thread.sleep(1500); // anything still in flight lands
            long duplicates = received.values().stream().mapToLong(count -> count.get() - 1).sum();
            System.out.println("webhook crash test: " + EVENTS + " events, " + beforeKill + " received before kill -9, "
                    + duplicates + " duplicate deliveries after the restart");
            assertThat(received.keySet()).containsAll(eventIds);
            // only what reached the receiver from the killed node, or was on its way, can arrive twice:
            // its claimed batch, and on H2 the commits of its last second (H2 delays disk writes)
            assertThat(duplicates).isLessThanOrEqualTo((long) beforeKill + BATCH * BATCHES_IN_FLIGHT);
        } finally {
            jar.close();
            receiver.stop(0);
        }
    }

    /** Stores events in the outbox as the sessions feature does, straight into the server's database (H2 AUTO_SERVER). */
    private static List<String> insertEvents(Path dataDir, String endpointId) throws Exception {
        List<String> ids = new ArrayList<>();
        try (Connection db = DriverManager.getConnection("jdbc:h2:file:" + dataDir.toAbsolutePath() + "/assent;MODE=PostgreSQL;"
                + "DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;AUTO_SERVER=TRUE", "sa", "")) {
            UUID partner;
            String environment;
            try (PreparedStatement find = db.prepareStatement("select partner_id, environment from webhook_endpoints where id = ?")) {
                find.setObject(1, UUID.fromString(endpointId));
                try (ResultSet rs = find.executeQuery()) {
                    rs.next();
                    partner = rs.getObject(1, UUID.class);
                    environment = rs.getString(2);
                }
            }
            db.setAutoCommit(false);
            try (PreparedStatement insert = db.prepareStatement("""
                    insert into outbox_events (id, partner_id, environment, event_type, session_id, payload, occurred_at)
                    values (?, ?, ?, 'session.granted', ?, ?, ?)""")) {
                for (int i = 0; i < EVENTS; i++) {
                    UUID id = UUID.randomUUID();
                    UUID session = UUID.randomUUID();
                    Instant now = Instant.now();
                    insert.setObject(1, id);
                    insert.setObject(2, partner);
                    insert.setString(3, environment);
                    insert.setObject(4, session);
                    insert.setString(5, "{\"id\":\"" + id + "\",\"event\":\"session.granted\",\"session_id\":\"" + session
                            + "\",\"product_id\":\"" + UUID.randomUUID() + "\",\"external_reference\":null,\"occurred_at\":\"" + now + "\"}");
                    insert.setTimestamp(6, Timestamp.from(now));
                    insert.addBatch();
                    ids.add(id.toString());
                }
                insert.executeBatch();
            }
            db.commit();
        }
        return ids;
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition, Duration limit) throws InterruptedException {
        Instant end = Instant.now().plus(limit);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(end)) {
                throw new AssertionError("condition not met within " + limit);
            }
            Thread.sleep(50);
        }
    }

    private static String banner(String log, String label) {
        Matcher matcher = Pattern.compile(Pattern.quote(label) + "\\s+(\\S+)").matcher(log);
        assertThat(matcher.find()).as("banner line " + label).isTrue();
        return matcher.group(1);
    }
}
