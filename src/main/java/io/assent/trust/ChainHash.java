package io.assent.trust;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The link rule of the chain (D20): {@code hash = SHA-256(previous hash || canonical JSON of the
 * entry)}, the previous hash as its 32 raw bytes (32 zero bytes before the first entry), the JSON
 * in UTF-8; hashes are written as 64 lower-case hex digits.
 */
public final class ChainHash {

    /** The "previous hash" of a chain's first entry, and the head of an empty chain. */
    public static final String EMPTY = "0".repeat(64);

    private static final HexFormat HEX = HexFormat.of();

    private ChainHash() {
    }

    public static String next(String previousHex, ChainEntry entry) {
        return next(previousHex, CanonicalJson.write(entry.document()));
    }

    public static String next(String previousHex, String canonicalJson) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update(HEX.parseHex(previousHex));
            sha256.update(canonicalJson.getBytes(StandardCharsets.UTF_8));
            return HEX.formatHex(sha256.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
