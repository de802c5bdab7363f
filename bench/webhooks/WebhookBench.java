import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpServer;

/**
 * Webhook delivery benchmark against a running Assent server on PostgreSQL (run.sh starts both).
 * Events are written to the outbox the way the sessions feature writes them (one transaction
 * each for the latency run), a loopback receiver answers 200 at once, and the program measures
 * deliveries per second and commit-to-receipt latency. Bounded in count and time; loopback only.
 *
 * Usage: java -cp postgresql.jar WebhookBench.java <base-url> <jdbc-url> <server-log> <throughput-events> <rate> <seconds>
 */
public class WebhookBench {

    public static void main(String[] args) throws Exception {
        String base = args[0];
        String jdbcUrl = args[1];
        String log = java.nio.file.Files.readString(java.nio.file.Path.of(args[2]));
        int bulk = Integer.parseInt(args[3]);
        int rate = Integer.parseInt(args[4]);
        int seconds = Integer.parseInt(args[5]);

        Map<String, Long> receivedAt = new ConcurrentHashMap<>();
        AtomicInteger requests = new AtomicInteger();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1000);
        receiver.setExecutor(Executors.newFixedThreadPool(32));
        receiver.createContext("/", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                in.readAllBytes();
            }
            receivedAt.putIfAbsent(exchange.getRequestHeaders().getFirst("Service-Event-Id"), System.nanoTime());
            requests.incrementAndGet();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.start();

        HttpClient http = HttpClient.newHttpClient();
        String basic = Base64.getEncoder().encodeToString((banner(log, "client_id") + ":" + banner(log, "client_secret"))
                .getBytes(StandardCharsets.UTF_8));
        String token = field(http.send(HttpRequest.newBuilder(URI.create(base + "/api/public/v1/oauth/token"))
                .header("Authorization", "Basic " + basic).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials")).build(),
                HttpResponse.BodyHandlers.ofString()).body(), "access_token");
        String endpoint = field(http.send(HttpRequest.newBuilder(URI.create(base + "/api/public/v1/webhook-endpoints"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"http://127.0.0.1:" + receiver.getAddress().getPort()
                        + "/hooks\",\"subscribed_events\":[\"*\"]}")).build(), HttpResponse.BodyHandlers.ofString()).body(), "id");

        try (Connection db = DriverManager.getConnection(jdbcUrl, "postgres", "")) {
            UUID partner;
            String environment;
            try (PreparedStatement find = db.prepareStatement("select partner_id, environment from webhook_endpoints where id = ?")) {
                find.setObject(1, UUID.fromString(endpoint));
                try (ResultSet rs = find.executeQuery()) {
                    rs.next();
                    partner = rs.getObject(1, UUID.class);
                    environment = rs.getString(2);
                }
            }
            db.setAutoCommit(false);
            PreparedStatement insert = db.prepareStatement("""
                    insert into outbox_events (id, partner_id, environment, event_type, session_id, payload, occurred_at)
                    values (?, ?, ?, 'session.granted', ?, ?, ?)""");

            // 1. throughput: a backlog committed at once, drained by the server
            List<String> backlog = new ArrayList<>();
            for (int i = 0; i < bulk; i++) {
                backlog.add(add(insert, partner, environment));
            }
            insert.executeBatch();
            db.commit();
            long start = System.nanoTime();
            waitFor(() -> backlog.stream().allMatch(receivedAt::containsKey), 300);
            long end = backlog.stream().mapToLong(receivedAt::get).max().orElseThrow();
            double seconds1 = (end - start) / 1e9;
            System.out.printf("throughput: %d deliveries in %.2f s = %.0f deliveries/s (%d requests received)%n",
                    bulk, seconds1, bulk / seconds1, requests.get());

            // 2. latency: one transaction per event at a steady rate
            Map<String, Long> committedAt = new ConcurrentHashMap<>();
            long interval = 1_000_000_000L / rate;
            long next = System.nanoTime();
            for (int i = 0; i < rate * seconds; i++) {
                while (System.nanoTime() < next) {
                    Thread.onSpinWait();
                }
                String id = add(insert, partner, environment);
                insert.executeBatch();
                db.commit();
                committedAt.put(id, System.nanoTime());
                next += interval;
            }
            waitFor(() -> committedAt.keySet().stream().allMatch(receivedAt::containsKey), 120);
            List<Double> latencies = new ArrayList<>();
            committedAt.forEach((id, at) -> latencies.add((receivedAt.get(id) - at) / 1e6));
            Collections.sort(latencies);
            System.out.printf("latency at %d events/s for %d s (%d events): p50 %.1f ms, p99 %.1f ms, max %.1f ms%n", rate, seconds,
                    latencies.size(), pct(latencies, 50), pct(latencies, 99), latencies.get(latencies.size() - 1));
        } finally {
            receiver.stop(0);
            System.exit(0);
        }
    }

    private static String add(PreparedStatement insert, UUID partner, String environment) throws Exception {
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
        return id.toString();
    }

    private static double pct(List<Double> sorted, int p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    private static void waitFor(java.util.function.BooleanSupplier done, int seconds) throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new IllegalStateException("not delivered within " + seconds + " s");
            }
            Thread.sleep(5);
        }
    }

    private static String banner(String log, String label) {
        Matcher m = Pattern.compile(Pattern.quote(label) + "\\s+(\\S+)").matcher(log);
        if (!m.find()) {
            throw new IllegalStateException("no " + label + " in the server log");
        }
        return m.group(1);
    }

    private static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]+)\"").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("no " + name + " in " + json);
        }
        return m.group(1);
    }
}
