package io.assent.platform.error;

import java.io.IOException;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.servlet.ModelAndView;

/**
 * Answers what the servlet container sends to {@code /error} (failures outside Spring MVC, such as
 * a filter's exception or a malformed request), in place of Spring Boot's white-label page: the D3
 * JSON body for API callers, the {@link ProblemPage} for people, and never a stack trace.
 */
@Controller
public class ErrorDispatchController implements ErrorController {

    private final ApiErrorMapper mapper;
    private final ErrorResponseWriter writer;

    public ErrorDispatchController(ApiErrorMapper mapper, ErrorResponseWriter writer) {
        this.mapper = mapper;
        this.writer = writer;
    }

    @RequestMapping("/error")
    public ModelAndView error(HttpServletRequest request, HttpServletResponse response) throws IOException {
        ApiException error = describe(request);
        if (ProblemPage.isWanted(request, String.valueOf(request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI)))) {
            return ProblemPage.of(error);
        }
        writer.write(response, error);
        return null;
    }

    private ApiException describe(HttpServletRequest request) {
        Object failure = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        if (failure instanceof Throwable throwable) {
            return mapper.map(throwable);
        }
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        HttpStatus status = code instanceof Integer value ? HttpStatus.resolve(value) : null;
        if (status == null || status.is5xxServerError()) {
            return mapper.map(new IllegalStateException("error dispatch without an exception"));
        }
        return switch (status) {
            case NOT_FOUND -> ApiException.notFound();
            case UNAUTHORIZED -> ApiErrorMapper.unauthorized("Authentication is required.");
            case PAYLOAD_TOO_LARGE -> ApiErrorMapper.payloadTooLarge();
            case METHOD_NOT_ALLOWED -> new ApiException(status, "method_not_allowed", "Method not allowed.");
            case UNSUPPORTED_MEDIA_TYPE -> new ApiException(status, "unsupported_media_type", "Content type not supported.");
            case FORBIDDEN -> new ApiException(status, "forbidden", "This caller is not permitted to do that.");
            default -> new ApiException(status, "invalid_request", "The request could not be processed.");
        };
    }
}
