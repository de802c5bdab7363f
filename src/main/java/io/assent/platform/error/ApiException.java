package io.assent.platform.error;

import java.util.List;
import java.util.Map;

import org.springframework.http.HttpStatus;

/**
 * A failure that the caller is meant to see, with its status and D3 code. Features throw it; the
 * {@link ApiErrorMapper} turns it into the error body. The message must never carry a secret, a
 * storage location or SQL.
 */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final String code;
    private final List<ErrorBody.FieldProblem> details;
    private final Map<String, String> headers;

    public ApiException(HttpStatus status, String code, String message) {
        this(status, code, message, List.of(), Map.of());
    }

    public ApiException(HttpStatus status, String code, String message,
                        List<ErrorBody.FieldProblem> details, Map<String, String> headers) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.details = List.copyOf(details);
        this.headers = Map.copyOf(headers);
    }

    public static ApiException notFound() {
        return new ApiException(HttpStatus.NOT_FOUND, "not_found", "No such resource.");
    }

    public static ApiException notFound(String code, String message) {
        return new ApiException(HttpStatus.NOT_FOUND, code, message);
    }

    public static ApiException invalidRequest(String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid_request", message);
    }

    public static ApiException validationFailed(String message, List<ErrorBody.FieldProblem> details) {
        return new ApiException(HttpStatus.BAD_REQUEST, "validation_failed", message, details, Map.of());
    }

    public static ApiException conflict(String code, String message) {
        return new ApiException(HttpStatus.CONFLICT, code, message);
    }

    public HttpStatus status() {
        return status;
    }

    public String code() {
        return code;
    }

    public List<ErrorBody.FieldProblem> details() {
        return details;
    }

    public Map<String, String> headers() {
        return headers;
    }

    public ErrorBody body() {
        return ErrorBody.of(code, getMessage(), details);
    }
}
