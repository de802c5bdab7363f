package io.assent.platform.error;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.stereotype.Component;
import org.springframework.validation.BindException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.ServletRequestBindingException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * The one place where a failure becomes the D3 error a caller sees. Whatever raised it (our code,
 * Spring MVC, Jackson, the servlet container), the answer is an {@link ApiException}; anything
 * unexpected becomes a bare 500 whose details stay in the server (and even there, without the
 * exception's message, which may quote SQL or data).
 */
@Component
public class ApiErrorMapper {

    private static final Logger log = LoggerFactory.getLogger(ApiErrorMapper.class);

    public ApiException map(Throwable failure) {
        if (failure instanceof ApiException api) {
            return api;
        }
        ApiException nested = find(failure, ApiException.class);
        if (nested != null) {
            return nested;
        }
        if (failure instanceof HttpMessageNotReadableException unreadable) {
            return unreadableBody(unreadable);
        }
        if (failure instanceof HttpMediaTypeNotSupportedException unsupported) {
            return new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type",
                    "Content type " + describe(unsupported.getContentType()) + " is not supported here; send "
                            + unsupported.getSupportedMediaTypes().stream().map(Object::toString).collect(Collectors.joining(" or ")) + ".");
        }
        if (failure instanceof HttpMediaTypeNotAcceptableException) {
            return new ApiException(HttpStatus.NOT_ACCEPTABLE, "not_acceptable", "This resource is only available as application/json.");
        }
        if (failure instanceof HttpRequestMethodNotSupportedException method) {
            String allowed = method.getSupportedHttpMethods() == null ? "" : method.getSupportedHttpMethods().stream()
                    .map(Object::toString).collect(Collectors.joining(", "));
            return new ApiException(HttpStatus.METHOD_NOT_ALLOWED, "method_not_allowed",
                    "Method " + method.getMethod() + " is not allowed here.", List.of(),
                    allowed.isEmpty() ? Map.of() : Map.of("Allow", allowed));
        }
        if (failure instanceof NoResourceFoundException || failure instanceof NoHandlerFoundException) {
            return ApiException.notFound("not_found", "No such resource.");
        }
        if (failure instanceof MethodArgumentTypeMismatchException mismatch) {
            return ApiException.invalidRequest("Parameter '" + mismatch.getName() + "' has an invalid value.");
        }
        if (failure instanceof BindException bind) {
            List<ErrorBody.FieldProblem> problems = bind.getFieldErrors().stream()
                    .map(e -> new ErrorBody.FieldProblem(e.getField(), e.getDefaultMessage()))
                    .toList();
            return ApiException.validationFailed("The request has invalid fields.", problems);
        }
        if (failure instanceof ServletRequestBindingException binding) {
            return ApiException.invalidRequest(binding.getMessage());
        }
        if (failure instanceof MaxUploadSizeExceededException) {
            return payloadTooLarge();
        }
        if (failure instanceof MultipartException) {
            return ApiException.invalidRequest("The multipart body could not be read.");
        }
        if (failure instanceof AuthenticationException) {
            return unauthorized("Authentication is required.");
        }
        if (failure instanceof AccessDeniedException) {
            return insufficientScope();
        }
        return internalError(failure);
    }

    /** 401 with the {@code WWW-Authenticate} challenge RFC 6750 and RFC 7617 ask for. */
    public static ApiException unauthorized(String message) {
        return new ApiException(HttpStatus.UNAUTHORIZED, "unauthorized", message, List.of(),
                Map.of("WWW-Authenticate", "Bearer realm=\"assent\", Basic realm=\"assent\""));
    }

    /** 403 for a call whose token lacks the operation's scope (RFC 6750 section 3.1). */
    public static ApiException insufficientScope() {
        return new ApiException(HttpStatus.FORBIDDEN, "insufficient_scope",
                "The credentials lack the scope this operation needs.", List.of(),
                Map.of("WWW-Authenticate", "Bearer realm=\"assent\", error=\"insufficient_scope\""));
    }

    public static ApiException payloadTooLarge() {
        return new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, "payload_too_large", "The request body is too large.");
    }

    private ApiException unreadableBody(HttpMessageNotReadableException unreadable) {
        UnrecognizedPropertyException unknown = find(unreadable, UnrecognizedPropertyException.class);
        if (unknown != null) {
            return ApiException.invalidRequest("Unknown field '" + path(unknown) + "'.");
        }
        MismatchedInputException mismatch = find(unreadable, MismatchedInputException.class);
        if (mismatch != null && !mismatch.getPath().isEmpty()) {
            return ApiException.invalidRequest("Field '" + path(mismatch) + "' has the wrong type or format.");
        }
        if (mismatch != null) {
            return new ApiException(HttpStatus.BAD_REQUEST, "invalid_json", "The request body must be a JSON object.");
        }
        if (find(unreadable, JacksonException.class) != null) {
            return new ApiException(HttpStatus.BAD_REQUEST, "invalid_json", "The request body is not valid JSON.");
        }
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid_json", "The request body is missing or unreadable.");
    }

    private static String path(JacksonException e) {
        return e.getPath().stream()
                .map(r -> r.getPropertyName() != null ? r.getPropertyName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
    }

    private static String describe(Object contentType) {
        return contentType == null ? "(none)" : contentType.toString();
    }

    private ApiException internalError(Throwable failure) {
        String incident = UUID.randomUUID().toString();
        StackTraceElement[] trace = failure.getStackTrace();
        // The message is left out on purpose: driver and framework messages quote SQL and values.
        log.error("internal error {}: {} at {}", incident, failure.getClass().getName(),
                trace.length > 0 ? trace[0] : "?");
        log.debug("internal error " + incident, failure);
        return new ApiException(HttpStatus.INTERNAL_SERVER_ERROR, "internal_error",
                "Something went wrong on our side (incident " + incident + ").");
    }

    private static <T extends Throwable> T find(Throwable failure, Class<T> type) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}
