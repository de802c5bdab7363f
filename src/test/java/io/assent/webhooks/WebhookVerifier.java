package io.assent.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What a receiver does with {@code Service-Signature} (spec "Signature"), written as a partner
 * would, with the JDK only: split the header, recompute the HMAC of {@code <t>.<raw body>} with the
 * whole {@code whsec_...} secret as key, compare in constant time with every {@code v1} (two during
 * a secret roll), and refuse a timestamp more than 300 s from now. docs/readme-webhooks.md shows it.
 */
public final class WebhookVerifier {

    private static final long TOLERANCE_SECONDS = 300;

    private WebhookVerifier() {
    }

    public static boolean verify(String header, String rawBody, String secret, long nowEpochSeconds) {
        if (header == null) {
            return false;
        }
        long timestamp = -1;
        java.util.List<String> signatures = new java.util.ArrayList<>();
        for (String part : header.split(",")) {
            String[] pair = part.trim().split("=", 2);
            if (pair.length != 2) {
                continue;
            }
            if (pair[0].equals("t")) {
                try {
                    timestamp = Long.parseLong(pair[1]);
                } catch (NumberFormatException e) {
                    return false;
                }
            } else if (pair[0].equals("v1")) {
                signatures.add(pair[1]);
            }
        }
        if (timestamp < 0 || Math.abs(nowEpochSeconds - timestamp) > TOLERANCE_SECONDS) {
            return false;
        }
        byte[] expected;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            expected = HexFormat.of().formatHex(mac.doFinal((timestamp + "." + rawBody).getBytes(StandardCharsets.UTF_8)))
                    .getBytes(StandardCharsets.US_ASCII);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        boolean match = false;
        for (String signature : signatures) {
            // MessageDigest.isEqual takes the same time wherever the first difference is.
            match |= MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII));
        }
        return match;
    }
}
