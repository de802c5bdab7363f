package io.assent.webhooks;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.springframework.stereotype.Component;

import io.assent.platform.security.Environment;

/**
 * Sends one attempt over HTTP (D13): a POST with a 10 s timeout, redirects not followed, the
 * resolved address checked against the URL rules first. Any 2xx is a success; anything else,
 * including a network error, is a failure. Errors are recorded as short codes, never exception text.
 */
@Component
class WebhookSender {

    static final Duration TIMEOUT = Duration.ofSeconds(10);
    static final int BODY_PREFIX_BYTES = 1024;

    /** What one request to the endpoint came to. */
    record Outcome(Optional<Integer> statusCode, Optional<String> error, long latencyMs, Optional<String> responseBody) {

        boolean succeeded() {
            return statusCode.map(code -> code >= 200 && code < 300).orElse(false);
        }
    }

    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "webhook-body-deadline");
        thread.setDaemon(true);
        return thread;
    });

    private final EndpointUrlPolicy urls;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER).version(HttpClient.Version.HTTP_1_1).build();

    WebhookSender(EndpointUrlPolicy urls) {
        this.urls = urls;
    }

    Outcome send(String url, Environment environment, String body, String signature, String eventId, int attempt) {
        long start = System.nanoTime();
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            return failure("invalid_url", start);
        }
        // D13: the address is checked as resolved now, not only when the endpoint was saved.
        if (!urls.addressAllowed(uri.getHost(), environment)) {
            return failure("address_not_allowed", start);
        }
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .header("Content-Type", "application/json")
                .header("User-Agent", "Assent-Webhooks/1")
                .header("Service-Signature", signature)
                .header("Service-Event-Id", eventId)
                .header("Service-Delivery-Attempt", Integer.toString(attempt))
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                .build();
        try {
            HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
            String prefix;
            try (InputStream in = response.body()) {
                // the request timeout ends at the response headers; a receiver trickling its body must
                // not hold a sender (and outlive the claim's lease), so the stream is closed at the deadline
                long left = Math.max(1, TIMEOUT.toNanos() - (System.nanoTime() - start));
                ScheduledFuture<?> cut = WATCHDOG.schedule(() -> closeQuietly(in), left, TimeUnit.NANOSECONDS);
                try {
                    prefix = new String(in.readNBytes(BODY_PREFIX_BYTES), StandardCharsets.UTF_8);
                } finally {
                    cut.cancel(false);
                }
            }
            return new Outcome(Optional.of(response.statusCode()), Optional.empty(), elapsed(start),
                    prefix.isEmpty() ? Optional.empty() : Optional.of(prefix));
        } catch (HttpTimeoutException e) {
            return failure("timeout", start);
        } catch (java.net.ConnectException e) {
            return failure("connection_refused", start);
        } catch (IOException e) {
            return failure("network_error", start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failure("interrupted", start);
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // the attempt reports the failed read
        }
    }

    private static Outcome failure(String error, long start) {
        return new Outcome(Optional.empty(), Optional.of(error), elapsed(start), Optional.empty());
    }

    private static long elapsed(long start) {
        return Duration.ofNanos(System.nanoTime() - start).toMillis();
    }
}
