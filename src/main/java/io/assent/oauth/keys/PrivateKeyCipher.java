package io.assent.oauth.keys;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;

import org.springframework.stereotype.Component;

/**
 * Seals private signing keys for the database with AES-256-GCM under the {@link MasterKey}. The
 * result is {@code v1.} followed by base64url of a random 96-bit nonce, the ciphertext and the
 * 128-bit tag. The kid is authenticated with it, so a sealed key copied onto another row does not
 * open; the version prefix leaves room for another scheme or a re-keyed master key later.
 */
@Component
class PrivateKeyCipher {

    private static final String VERSION = "v1.";
    private static final String TRANSFORMATION = "AES/GCM/NoPadding";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final MasterKey masterKey;
    private final SecureRandom random = new SecureRandom();

    PrivateKeyCipher(MasterKey masterKey) {
        this.masterKey = masterKey;
    }

    String encrypt(String plaintext, String kid) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.ENCRYPT_MODE, masterKey.secretKey(), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(associatedData(kid));
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            return VERSION + Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /** Opens what {@link #encrypt} sealed for this kid; fails if anything was changed or another master key sealed it. */
    String decrypt(String sealed, String kid) {
        if (!sealed.startsWith(VERSION)) {
            throw new KeyDecryptionException(kid);
        }
        try {
            byte[] bytes = Base64.getUrlDecoder().decode(sealed.substring(VERSION.length()));
            if (bytes.length < NONCE_BYTES + TAG_BITS / 8) {
                throw new KeyDecryptionException(kid);
            }
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.DECRYPT_MODE, masterKey.secretKey(), new GCMParameterSpec(TAG_BITS, bytes, 0, NONCE_BYTES));
            cipher.updateAAD(associatedData(kid));
            return new String(cipher.doFinal(bytes, NONCE_BYTES, bytes.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            // AEADBadTagException: tampered, another kid's, or sealed under another master key.
            throw new KeyDecryptionException(kid);
        }
    }

    private static byte[] associatedData(String kid) {
        return ("assent signing key " + kid).getBytes(StandardCharsets.UTF_8);
    }
}
