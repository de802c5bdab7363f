package io.assent.oauth;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The spec's TokenResponse, field for field. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TokenResponse(String accessToken, String tokenType, long expiresIn, String refreshToken, String scope,
                            String idToken) {
}
