package io.assent.platform.error;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Hands every exception that leaves a controller to the {@link ApiErrorMapper}.
 */
@RestControllerAdvice
public class ApiExceptionHandler {

    private final ApiErrorMapper mapper;

    public ApiExceptionHandler(ApiErrorMapper mapper) {
        this.mapper = mapper;
    }

    @ExceptionHandler(Throwable.class)
    public ResponseEntity<ErrorBody> handle(Throwable failure) {
        ApiException error = mapper.map(failure);
        HttpHeaders headers = new HttpHeaders();
        error.headers().forEach(headers::set);
        headers.setCacheControl("no-store");
        return ResponseEntity.status(error.status()).headers(headers)
                .contentType(MediaType.APPLICATION_JSON).body(error.body());
    }
}
