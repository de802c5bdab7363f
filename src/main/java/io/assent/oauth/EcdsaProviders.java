package io.assent.oauth;

import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.interfaces.ECPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;

import org.bouncycastle.jce.provider.BouncyCastleProvider;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;

/**
 * Which JCA provider does the ES256 arithmetic. Signatures are the largest cost of issuing and
 * checking tokens, and the providers differ by several times (measured on this project's 2-core
 * machine, see bench/RESULTS.md): Bouncy Castle verifies about 5x faster than the JDK 17 SunEC and
 * 1.7x faster than JDK 25's; for signing, SunEC wins from JDK 25 on, Bouncy Castle before it.
 */
final class EcdsaProviders {

    private static final Provider BOUNCY_CASTLE = new BouncyCastleProvider();
    /** The JDK's own P-256 code became the faster signer in the JDK 25 line. */
    private static final boolean JDK_SIGNS_FASTER = Runtime.version().feature() >= 25;

    private EcdsaProviders() {
    }

    static ECDSASigner signer(ECKey key) throws JOSEException {
        if (JDK_SIGNS_FASTER) {
            return new ECDSASigner(key);
        }
        ECDSASigner signer = new ECDSASigner(asBouncyCastleKey(key.toECPrivateKey()), Curve.P_256);
        signer.getJCAContext().setProvider(BOUNCY_CASTLE);
        return signer;
    }

    static ECDSAVerifier verifier(ECKey key) throws JOSEException {
        ECDSAVerifier verifier = new ECDSAVerifier((ECPublicKey) asBouncyCastleKey(key.toECPublicKey()));
        verifier.getJCAContext().setProvider(BOUNCY_CASTLE);
        return verifier;
    }

    /**
     * The same key as a Bouncy Castle key object. Given a JDK key, Bouncy Castle rebuilds the curve
     * on every signature and so recomputes its table of multiples of the generator each time; its
     * own key objects keep one curve, and the table with it.
     */
    private static <K extends Key> K asBouncyCastleKey(K key) throws JOSEException {
        try {
            KeyFactory factory = KeyFactory.getInstance("EC", BOUNCY_CASTLE);
            @SuppressWarnings("unchecked")
            K converted = (K) (key instanceof PrivateKey
                    ? factory.generatePrivate(new PKCS8EncodedKeySpec(key.getEncoded()))
                    : factory.generatePublic(new X509EncodedKeySpec(key.getEncoded())));
            return converted;
        } catch (GeneralSecurityException e) {
            throw new JOSEException("cannot load the EC key into Bouncy Castle", e);
        }
    }
}
