package io.assent.webhooks;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

import org.springframework.stereotype.Component;

import io.assent.platform.error.ApiException;
import io.assent.platform.security.Environment;

/**
 * The URL rules of D13 against server-side request forgery: https in production, and no private,
 * loopback, link-local or otherwise internal address in production unless the operator allows them.
 * Checked when an endpoint is saved and again on the resolved address before every attempt, since
 * a name can resolve elsewhere later.
 */
@Component
class EndpointUrlPolicy {

    private final WebhookSettings settings;

    EndpointUrlPolicy(WebhookSettings settings) {
        this.settings = settings;
    }

    /** Validates a URL a partner submits; the message says what is wrong, never what the name resolved to. */
    String validate(String url, Environment environment) {
        if (url == null || url.isBlank() || url.length() > 2000) {
            throw ApiException.invalidRequest("url must be an absolute http(s) URL of at most 2000 characters.");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw ApiException.invalidRequest("url must be an absolute http(s) URL.");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("https") || scheme.equals("http")) || uri.getHost() == null || uri.getRawUserInfo() != null
                || uri.getRawFragment() != null) {
            throw ApiException.invalidRequest("url must be an absolute http(s) URL without credentials or fragment.");
        }
        if (environment == Environment.PRODUCTION && !scheme.equals("https")) {
            throw ApiException.invalidRequest("url must use https in production.");
        }
        if (!addressAllowed(uri.getHost(), environment)) {
            throw ApiException.invalidRequest("url must resolve to a public address in production.");
        }
        return url;
    }

    /** Whether every address the host resolves to now may be sent to; an unresolvable host is refused. */
    boolean addressAllowed(String host, Environment environment) {
        if (environment == Environment.SANDBOX || settings.allowPrivateAddresses()) {
            return true;
        }
        try {
            String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
            for (InetAddress address : InetAddress.getAllByName(bare)) {
                if (internal(address)) {
                    return false;
                }
            }
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    static boolean internal(InetAddress address) {
        if (address.isAnyLocalAddress() || address.isLoopbackAddress() || address.isLinkLocalAddress()
                || address.isSiteLocalAddress() || address.isMulticastAddress()) {
            return true;
        }
        byte[] b = address.getAddress();
        if (b.length == 4) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            // 100.64/10 (carrier-grade NAT), 0/8, 198.18/15 (benchmarking)
            return (first == 100 && second >= 64 && second < 128) || first == 0 || (first == 198 && (second == 18 || second == 19));
        }
        // fc00::/7 unique local IPv6 addresses, which isSiteLocalAddress does not cover
        return (b[0] & 0xfe) == 0xfc;
    }
}
