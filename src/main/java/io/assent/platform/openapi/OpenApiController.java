package io.assent.platform.openapi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

import org.springframework.core.io.ClassPathResource;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.assent.platform.config.PublicUrls;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Serves the API contract kept in the repository ({@code openapi.yaml}) as JSON at
 * {@code {base_url}/openapi.json}, with this deployment's own server URL.
 */
@RestController
public class OpenApiController {

    public static final String DOCUMENT = "openapi/openapi.yaml";

    private final byte[] document;

    public OpenApiController(PublicUrls urls, JsonMapper json) {
        try (InputStream in = new ClassPathResource(DOCUMENT).getInputStream()) {
            JsonNode tree = new YAMLMapper().readTree(in);
            ((ObjectNode) tree).putPOJO("servers", List.of(Map.of("url", urls.baseUrl())));
            this.document = json.writeValueAsBytes(tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @GetMapping(value = PublicUrls.API_PREFIX + "/openapi.json", produces = MediaType.APPLICATION_JSON_VALUE)
    public byte[] openApi() {
        return document;
    }
}
