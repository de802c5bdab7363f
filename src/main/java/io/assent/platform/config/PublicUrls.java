package io.assent.platform.config;

import org.springframework.stereotype.Component;

/**
 * The public addresses of decision D1, derived from the one configured public URL so that the
 * service works behind a proxy.
 */
@Component
public class PublicUrls {

    public static final String API_PREFIX = "/api/public/v1";

    private final String publicUrl;

    public PublicUrls(AssentProperties properties) {
        this.publicUrl = properties.publicUrl();
    }

    /** {@code <public-url>}: the root of the pages and of {auth_url}. */
    public String publicUrl() {
        return publicUrl;
    }

    /** {@code {base_url}}: the API root, also the OAuth issuer. */
    public String baseUrl() {
        return publicUrl + API_PREFIX;
    }

    /** {@code {auth_url}}: where the consent screen lives. */
    public String authUrl() {
        return publicUrl;
    }

    /** {@code {session_base}}: the root of the hosted session pages. */
    public String sessionBase() {
        return publicUrl + "/s";
    }
}
