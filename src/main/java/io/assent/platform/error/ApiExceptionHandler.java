package io.assent.platform.error;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.ModelAndView;

/**
 * Hands every exception that leaves a controller to the {@link ApiErrorMapper}, and answers with
 * its D3 body, or with the {@link ProblemPage} when the failing controller renders pages or a
 * person's browser asked for one.
 */
@RestControllerAdvice
public class ApiExceptionHandler {

    private final ApiErrorMapper mapper;

    public ApiExceptionHandler(ApiErrorMapper mapper) {
        this.mapper = mapper;
    }

    @ExceptionHandler(Throwable.class)
    public Object handle(Throwable failure, HttpServletRequest request, @Nullable HandlerMethod handler) {
        ApiException error = mapper.map(failure);
        if (ProblemPage.isPageController(handler) || ProblemPage.isWanted(request, request.getRequestURI())) {
            return ProblemPage.of(error);
        }
        HttpHeaders headers = new HttpHeaders();
        error.headers().forEach(headers::set);
        headers.setCacheControl("no-store");
        return ResponseEntity.status(error.status()).headers(headers)
                .contentType(MediaType.APPLICATION_JSON).body(error.body());
    }
}
