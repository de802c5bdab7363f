package io.assent.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.List;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code Service-Signature} header (spec "Signature", D13): {@code t=<unix seconds>} and one
 * {@code v1=} per signing secret, each the lowercase hex HMAC-SHA256 of {@code <t>.<raw body>}
 * keyed with the whole {@code whsec_...} string's bytes.
 */
final class WebhookSignature {

    private WebhookSignature() {
    }

    static String header(long unixSeconds, String body, List<String> secrets) {
        StringBuilder header = new StringBuilder("t=").append(unixSeconds);
        for (String secret : secrets) {
            header.append(",v1=").append(hmac(secret, unixSeconds + "." + body));
        }
        return header.toString();
    }

    static String hmac(String secret, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
