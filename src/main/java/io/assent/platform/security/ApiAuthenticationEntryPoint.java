package io.assent.platform.security;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.stereotype.Component;

import io.assent.platform.error.ApiErrorMapper;
import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorResponseWriter;

/**
 * The API's answers when a caller is not authenticated (401 with a challenge) or lacks a scope
 * (403), in the D3 error format.
 */
@Component
public class ApiAuthenticationEntryPoint implements AuthenticationEntryPoint, AccessDeniedHandler {

    private final ErrorResponseWriter writer;

    public ApiAuthenticationEntryPoint(ErrorResponseWriter writer) {
        this.writer = writer;
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException failure)
            throws IOException {
        String authorization = request.getHeader("Authorization");
        if (authorization == null || authorization.isBlank()) {
            writer.write(response, ApiErrorMapper.unauthorized("Authentication is required: send a bearer token or client credentials."));
        } else if (authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            writer.write(response, ApiErrorMapper.unauthorized(
                    "The client credentials are invalid, or this operation takes a bearer token."));
        } else {
            writer.write(response, invalidToken());
        }
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException denied)
            throws IOException {
        writer.write(response, ApiErrorMapper.insufficientScope());
    }

    private static ApiException invalidToken() {
        return new ApiException(HttpStatus.UNAUTHORIZED, "invalid_token",
                "The access token is invalid, expired or revoked.", java.util.List.of(),
                java.util.Map.of("WWW-Authenticate", "Bearer realm=\"assent\", error=\"invalid_token\""));
    }
}
