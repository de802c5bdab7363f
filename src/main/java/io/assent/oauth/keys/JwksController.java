package io.assent.oauth.keys;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.assent.platform.config.PublicUrls;

/**
 * {@code GET {base_url}/oauth/jwks}: the public keys that verify Assent's tokens and consent
 * receipts (D4, D20). Caches may keep the answer five minutes: retired keys stay published far
 * longer than that, and a verifier that meets the kid of a newer key fetches the set again (as
 * Nimbus and Spring Security do).
 */
@RestController
public class JwksController {

    static final String CACHE_CONTROL = "public, max-age=300";

    private final SigningKeyService keys;

    public JwksController(SigningKeyService keys) {
        this.keys = keys;
    }

    @GetMapping(value = PublicUrls.API_PREFIX + "/oauth/jwks", produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> jwks() {
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_JSON)
                .header(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL)
                .body(keys.publishedKeys().toString(true));
    }
}
