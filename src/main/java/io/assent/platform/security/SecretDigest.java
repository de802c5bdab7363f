package io.assent.platform.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Random secrets (client secrets, refresh tokens, signing secrets) and how they are kept: 256 random
 * bits, stored only as a SHA-256 digest (enough for values nobody can guess, D4), compared in
 * constant time.
 */
public final class SecretDigest {

    private static final SecureRandom RANDOM = new SecureRandom();

    private SecretDigest() {
    }

    /** A new secret: the prefix names what it is (for secret scanners), then 256 random bits. */
    public static String newSecret(String prefix) {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return prefix + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public static String digest(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether {@code secret} is the one behind {@code storedDigest}, in time independent of where they differ. */
    public static boolean matches(String secret, String storedDigest) {
        return MessageDigest.isEqual(digest(secret).getBytes(StandardCharsets.US_ASCII),
                storedDigest.getBytes(StandardCharsets.US_ASCII));
    }
}
