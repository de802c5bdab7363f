package io.assent.oauth.keys;

import com.nimbusds.jose.jwk.ECKey;

/**
 * A signing key of the authorization server, private part included: what code that signs JWTs
 * (access tokens, ID tokens, consent receipts) takes from {@link SigningKeyService#current()}, with
 * {@link #kid()} for the JWS header. It must never be logged or serialised; {@link #toString()}
 * names the kid only.
 *
 * @param kid the key id published in the JWK Set
 * @param key the ES256 (P-256) key pair
 */
public record SigningKey(String kid, ECKey key) {

    public SigningKey {
        if (!key.isPrivate()) {
            throw new IllegalArgumentException("a signing key needs its private part");
        }
        if (!kid.equals(key.getKeyID())) {
            throw new IllegalArgumentException("the kid must be the key's own kid");
        }
    }

    /** The public half, as published at {@code /oauth/jwks}. */
    public ECKey publicKey() {
        return key.toPublicJWK();
    }

    /** Without the key: the record's own string would print the private part. */
    @Override
    public String toString() {
        return "SigningKey[kid=" + kid + "]";
    }
}
