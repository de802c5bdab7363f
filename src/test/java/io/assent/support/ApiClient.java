package io.assent.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;

import io.assent.platform.openapi.OpenApiController;

/**
 * Real HTTP against the running service. Every answer is checked against the OpenAPI document
 * kept in the repository, so the contract cannot drift from the code; a test that deliberately
 * calls an undocumented route says so with {@link Call#unvalidated()}.
 */
public class ApiClient {

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    private static final OpenApiInteractionValidator CONTRACT = OpenApiInteractionValidator
            .createForSpecificationUrl(OpenApiController.DOCUMENT)
            .build();

    private final String root;

    public ApiClient(String root) {
        this.root = root;
    }

    public Call get(String path) {
        return new Call("GET", path);
    }

    public Call post(String path) {
        return new Call("POST", path);
    }

    public Call patch(String path) {
        return new Call("PATCH", path);
    }

    public Call delete(String path) {
        return new Call("DELETE", path);
    }

    public Call method(String method, String path) {
        return new Call(method, path);
    }

    /** One request being put together. */
    public final class Call {

        private final String method;
        private final String path;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private HttpRequest.BodyPublisher body = HttpRequest.BodyPublishers.noBody();
        private boolean validate = true;

        private Call(String method, String path) {
            this.method = method;
            this.path = path;
        }

        public Call header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        public Call basic(String user, String password) {
            return header("Authorization", "Basic " + Base64.getEncoder()
                    .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
        }

        public Call bearer(String token) {
            return header("Authorization", "Bearer " + token);
        }

        public Call json(String json) {
            headers.putIfAbsent("Content-Type", "application/json");
            body = HttpRequest.BodyPublishers.ofString(json);
            return this;
        }

        public Call form(String form) {
            headers.putIfAbsent("Content-Type", "application/x-www-form-urlencoded");
            body = HttpRequest.BodyPublishers.ofString(form);
            return this;
        }

        public Call body(String contentType, byte[] bytes) {
            if (contentType != null) {
                headers.put("Content-Type", contentType);
            }
            body = HttpRequest.BodyPublishers.ofByteArray(bytes);
            return this;
        }

        /** Sends the bytes without a Content-Length (chunked), as a streaming client would. */
        public Call chunked(String contentType, byte[] bytes) {
            headers.put("Content-Type", contentType);
            body = HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(bytes));
            return this;
        }

        public Call unvalidated() {
            validate = false;
            return this;
        }

        public ApiResponse send() {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(root + path))
                    .timeout(Duration.ofSeconds(30))
                    .method(method, body);
            headers.forEach(request::header);
            try {
                HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
                ApiResponse result = new ApiResponse(response.statusCode(), response.headers().map(), response.body());
                if (validate) {
                    checkContract(result);
                }
                return result;
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        private void checkContract(ApiResponse response) {
            String pathOnly = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
            SimpleResponse.Builder builder = SimpleResponse.Builder.status(response.status()).withBody(response.body());
            response.headers().forEach((name, values) -> builder.withHeader(name, values));
            ValidationReport report = CONTRACT.validateResponse(pathOnly, Request.Method.valueOf(method), builder.build());
            if (report.hasErrors()) {
                String problems = report.getMessages().stream()
                        .map(m -> m.getKey() + ": " + m.getMessage())
                        .collect(Collectors.joining("\n  "));
                throw new AssertionError("Response of " + method + " " + path + " (" + response.status()
                        + ") breaks the OpenAPI contract:\n  " + problems + "\nBody: " + response.body());
            }
        }
    }

    /** A received answer. */
    public record ApiResponse(int status, Map<String, List<String>> headers, String body) {

        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0))
                    .findFirst().orElse(null);
        }

        public tools.jackson.databind.JsonNode json() {
            return tools.jackson.databind.json.JsonMapper.builder().build().readTree(body);
        }

        /** The D3 error code of an error answer. */
        public String errorCode() {
            return json().path("error").path("code").asString();
        }
    }
}
