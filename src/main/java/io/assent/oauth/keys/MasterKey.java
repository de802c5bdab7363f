package io.assent.oauth.keys;

import java.nio.file.Path;
import java.util.Base64;
import java.util.Optional;

import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import io.assent.platform.config.AssentProperties;

/**
 * The AES-256 key that seals private signing keys at rest: {@code assent.master-key}
 * ({@code ASSENT_MASTER_KEY}, base64 of 32 bytes) when set, otherwise the key in
 * {@code <data-dir>/master.key}, generated on first use. All nodes sharing a database must use
 * the same key, so a multi-node installation sets it explicitly.
 */
@Component
class MasterKey {

    static final int BYTES = 32;
    private static final String SETTING = "assent.master-key (ASSENT_MASTER_KEY)";

    private final Optional<SecretKey> configured;
    private final MasterKeyFile file;
    private volatile Optional<SecretKey> resolved = Optional.empty();

    @Autowired
    MasterKey(AssentProperties properties) {
        this(properties.masterKey(), properties.dataDir());
    }

    /** A malformed configured key fails here, at start, rather than at the first token. */
    MasterKey(String configured, Path dataDir) {
        this.configured = configured.isBlank() ? Optional.empty() : Optional.of(decode(configured, SETTING));
        this.file = new MasterKeyFile(dataDir);
    }

    SecretKey secretKey() {
        Optional<SecretKey> known = resolved;
        if (known.isPresent()) {
            return known.get();
        }
        synchronized (this) {
            if (resolved.isEmpty()) {
                // Only now, so that a command-line run that never touches keys leaves no file behind.
                resolved = Optional.of(configured.orElseGet(() -> decode(file.readOrCreate(), "The master.key file of the data directory")));
            }
            return resolved.get();
        }
    }

    /** Parses base64 (standard or URL-safe) of exactly 32 bytes; the message never repeats the value. */
    static SecretKey decode(String base64, String origin) {
        String text = base64.strip();
        byte[] bytes;
        try {
            bytes = text.contains("-") || text.contains("_")
                    ? Base64.getUrlDecoder().decode(text) : Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException notBase64) {
            throw new IllegalStateException(origin + " must be base64 of 32 random bytes (e.g. `openssl rand -base64 32`).");
        }
        if (bytes.length != BYTES) {
            throw new IllegalStateException(origin + " must be base64 of 32 random bytes (e.g. `openssl rand -base64 32`), not "
                    + bytes.length + " bytes.");
        }
        return new SecretKeySpec(bytes, "AES");
    }
}
