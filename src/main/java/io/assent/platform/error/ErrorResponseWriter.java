package io.assent.platform.error;

import java.io.IOException;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;

import tools.jackson.databind.json.JsonMapper;

/**
 * Writes an {@link ApiException} straight to a servlet response, for the places that answer before
 * Spring MVC runs (filters, the security entry points, the container's error dispatch).
 */
@Component
public class ErrorResponseWriter {

    private final JsonMapper json;

    public ErrorResponseWriter(JsonMapper json) {
        this.json = json;
    }

    public void write(HttpServletResponse response, ApiException error) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.resetBuffer();
        response.setStatus(error.status().value());
        error.headers().forEach(response::setHeader);
        response.setHeader("Cache-Control", "no-store");
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getOutputStream().write(json.writeValueAsBytes(error.body()));
        response.flushBuffer();
    }
}
