package io.assent.oauth.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;

import org.junit.jupiter.api.Test;

/** AES-256-GCM sealing of private keys: what goes in comes out, and nothing else opens. */
class PrivateKeyCipherTest {

    private static final String PRIVATE_JWK = "{\"kty\":\"EC\",\"crv\":\"P-256\",\"d\":\"secret-scalar\",\"kid\":\"k1\"}";

    private final PrivateKeyCipher cipher = new PrivateKeyCipher(masterKey());

    @Test
    void whatIsSealedOpensAgain() {
        String sealed = cipher.encrypt(PRIVATE_JWK, "k1");
        assertThat(sealed).startsWith("v1.").doesNotContain("secret-scalar").doesNotContain("\"d\"");
        assertThat(cipher.decrypt(sealed, "k1")).isEqualTo(PRIVATE_JWK);
    }

    @Test
    void everySealingUsesAFreshNonce() {
        assertThat(cipher.encrypt(PRIVATE_JWK, "k1")).isNotEqualTo(cipher.encrypt(PRIVATE_JWK, "k1"));
    }

    @Test
    void aChangedCiphertextDoesNotOpen() {
        String sealed = cipher.encrypt(PRIVATE_JWK, "k1");
        byte[] bytes = Base64.getUrlDecoder().decode(sealed.substring(3));
        for (int position : new int[] {0, 12, bytes.length / 2, bytes.length - 1}) {
            byte[] tampered = bytes.clone();
            tampered[position] ^= 0x01;
            String changed = "v1." + Base64.getUrlEncoder().withoutPadding().encodeToString(tampered);
            assertThatThrownBy(() -> cipher.decrypt(changed, "k1")).isInstanceOf(KeyDecryptionException.class);
        }
        assertThatThrownBy(() -> cipher.decrypt(sealed.substring(0, sealed.length() - 4), "k1"))
                .isInstanceOf(KeyDecryptionException.class);
        assertThatThrownBy(() -> cipher.decrypt("v1.", "k1")).isInstanceOf(KeyDecryptionException.class);
        assertThatThrownBy(() -> cipher.decrypt("v1.not base64!", "k1")).isInstanceOf(KeyDecryptionException.class);
        assertThatThrownBy(() -> cipher.decrypt(PRIVATE_JWK, "k1")).isInstanceOf(KeyDecryptionException.class);
    }

    @Test
    void anotherMasterKeyDoesNotOpenIt() {
        String sealed = cipher.encrypt(PRIVATE_JWK, "k1");
        PrivateKeyCipher otherInstallation = new PrivateKeyCipher(masterKey());
        assertThatThrownBy(() -> otherInstallation.decrypt(sealed, "k1"))
                .isInstanceOf(KeyDecryptionException.class)
                .hasMessageNotContaining("secret-scalar");
    }

    @Test
    void aSealedKeyMovedToAnotherKidDoesNotOpen() {
        String sealed = cipher.encrypt(PRIVATE_JWK, "k1");
        assertThatThrownBy(() -> cipher.decrypt(sealed, "k2")).isInstanceOf(KeyDecryptionException.class);
    }

    static MasterKey masterKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return new MasterKey(Base64.getEncoder().encodeToString(key), Path.of("never-used"));
    }
}
