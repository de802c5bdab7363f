package io.assent.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A browser as the pages see one, over plain HTTP: a cookie jar, no redirects followed, and forms
 * posted with the CSRF token of the page they are on.
 */
public final class PageClient {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    private final String root;
    private final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER).build();

    public PageClient(String root) {
        this.root = root;
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(root + path)).GET());
    }

    /** Posts the form fields as they are, with no CSRF token unless one is among them. */
    public HttpResponse<String> post(String path, List<Map.Entry<String, String>> fields) {
        String body = fields.stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(root + path))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** Posts to {@code action} the fields, with the CSRF token of the page at {@code pagePath}. */
    public HttpResponse<String> submit(String pagePath, String action, List<Map.Entry<String, String>> fields) {
        Matcher csrf = CSRF.matcher(get(pagePath).body());
        if (!csrf.find()) {
            throw new AssertionError("the page " + pagePath + " carries no CSRF token");
        }
        List<Map.Entry<String, String>> form = new ArrayList<>(fields);
        form.add(Map.entry("_csrf", csrf.group(1)));
        return post(action, form);
    }

    public HttpResponse<String> submit(String pagePath, String action, Map<String, String> fields) {
        return submit(pagePath, action, new ArrayList<>(fields.entrySet()));
    }

    public static Optional<String> location(HttpResponse<String> response) {
        return response.headers().firstValue("Location");
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
