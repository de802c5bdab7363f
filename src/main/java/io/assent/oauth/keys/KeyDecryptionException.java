package io.assent.oauth.keys;

/**
 * A sealed private key that does not open: changed in the database, or sealed under another master
 * key (nodes that do not share {@code ASSENT_MASTER_KEY}).
 */
class KeyDecryptionException extends RuntimeException {

    KeyDecryptionException(String kid) {
        super("The private part of signing key " + kid + " cannot be decrypted with this master key.", null, false, false);
    }
}
