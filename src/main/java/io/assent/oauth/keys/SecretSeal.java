package io.assent.oauth.keys;

import java.util.Optional;

import org.springframework.stereotype.Component;

/**
 * Seals other secrets the service must read back (webhook signing secrets are HMAC keys, so a hash
 * would not do) with the same AES-256-GCM scheme and master key as private signing keys. The label
 * names the owner of the secret and is authenticated with it, so a sealed value copied onto another
 * row does not open; its {@code secret:} prefix keeps these apart from signing-key kids.
 */
@Component
public class SecretSeal {

    private final PrivateKeyCipher cipher;

    SecretSeal(PrivateKeyCipher cipher) {
        this.cipher = cipher;
    }

    public String seal(String plaintext, String label) {
        return cipher.encrypt(plaintext, "secret:" + label);
    }

    /** The plaintext, or empty when the value was changed, belongs to another label or another master key sealed it. */
    public Optional<String> open(String sealed, String label) {
        try {
            return Optional.of(cipher.decrypt(sealed, "secret:" + label));
        } catch (KeyDecryptionException e) {
            return Optional.empty();
        }
    }
}
