package io.assent.oauth;

import java.util.List;
import java.util.Map;

import org.springframework.http.HttpStatus;

import io.assent.platform.error.ApiException;

/**
 * The RFC 6749 section 5.2 errors, in the D3 body (the spec's Error resource) with the RFC's codes.
 */
public final class OAuthErrors {

    private OAuthErrors() {
    }

    public static ApiException invalidRequest(String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid_request", message);
    }

    /** 401 with a challenge for the scheme the client tried (RFC 6749 section 5.2). */
    public static ApiException invalidClient(String message) {
        return new ApiException(HttpStatus.UNAUTHORIZED, "invalid_client", message, List.of(),
                Map.of("WWW-Authenticate", "Basic realm=\"assent\""));
    }

    public static ApiException invalidGrant(String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid_grant", message);
    }

    public static ApiException unauthorizedClient(String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, "unauthorized_client", message);
    }

    public static ApiException unsupportedGrantType(String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, "unsupported_grant_type", message);
    }

    public static ApiException invalidScope(String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid_scope", message);
    }
}
