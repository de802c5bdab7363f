package io.assent.oauth;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.util.URLUtils;

import io.assent.platform.error.ApiException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The parameters of a request to an OAuth endpoint, read from a form body or (D4) a JSON object,
 * as the Nimbus {@link HTTPRequest} that Nimbus's parsers take. Parameters in the query string are
 * refused: credentials do not belong in URLs (RFC 6749 section 2.3.1).
 */
public record OAuthRequest(Map<String, List<String>> parameters, HTTPRequest nimbus, String remoteAddress) {

    public static OAuthRequest read(HttpServletRequest request, JsonMapper json, Set<String> jsonFields) {
        if (request.getQueryString() != null && !request.getQueryString().isEmpty()) {
            throw OAuthErrors.invalidRequest("Send the parameters in the request body, not in the URL.");
        }
        String contentType = request.getContentType() == null ? "" : request.getContentType().toLowerCase();
        Map<String, List<String>> parameters;
        try {
            byte[] body = request.getInputStream().readAllBytes();
            if (contentType.startsWith(MediaType.APPLICATION_FORM_URLENCODED_VALUE)) {
                parameters = URLUtils.parseParameters(new String(body, StandardCharsets.UTF_8));
            } else if (contentType.startsWith(MediaType.APPLICATION_JSON_VALUE)) {
                parameters = fromJson(json, body, jsonFields);
            } else {
                throw new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type",
                        "Send application/x-www-form-urlencoded or application/json.");
            }
        } catch (IOException e) {
            throw OAuthErrors.invalidRequest("The request body could not be read.");
        }
        HTTPRequest nimbus = new HTTPRequest(HTTPRequest.Method.POST, URI.create(request.getRequestURL().toString()));
        nimbus.setEntityContentType(com.nimbusds.common.contenttype.ContentType.APPLICATION_URLENCODED);
        String authorization = request.getHeader("Authorization");
        if (authorization != null) {
            nimbus.setAuthorization(authorization);
        }
        nimbus.setBody(URLUtils.serializeParameters(parameters));
        return new OAuthRequest(parameters, nimbus, request.getRemoteAddr());
    }

    public String parameter(String name) {
        List<String> values = parameters.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    public String authorizationHeader() {
        return nimbus.getAuthorization();
    }

    private static Map<String, List<String>> fromJson(JsonMapper json, byte[] body, Set<String> allowed) {
        JsonNode tree;
        try {
            tree = json.readTree(body);
        } catch (RuntimeException malformed) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid_json", "The request body is not valid JSON.");
        }
        if (tree == null || !tree.isObject()) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid_json", "The request body must be a JSON object.");
        }
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : tree.properties()) {
            if (!allowed.contains(field.getKey())) {
                throw OAuthErrors.invalidRequest("Unknown field '" + field.getKey() + "'.");
            }
            if (!field.getValue().isString()) {
                throw OAuthErrors.invalidRequest("Field '" + field.getKey() + "' must be a string.");
            }
            parameters.put(field.getKey(), List.of(field.getValue().asString()));
        }
        return parameters;
    }
}
