package io.assent.trust;

import java.text.ParseException;
import java.util.Optional;
import java.util.Set;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

/**
 * Checks a consent receipt offline against a JWK Set (D20): an ES256 compact JWS of type
 * {@code consent-receipt+jwt}, signed by a key of the set named by its {@code kid}, from the
 * expected issuer. Needs nothing of the running service, so {@code receipts verify} and any
 * consumer or partner can use the same rules.
 */
public final class ReceiptVerifier {

    private static final Set<String> TYPES = Set.of(ReceiptService.GRANTED, ReceiptService.REVOKED);

    private ReceiptVerifier() {
    }

    /** Why a receipt was refused, in words for a person. */
    public static final class Rejected extends Exception {

        public Rejected(String reason) {
            super(reason);
        }
    }

    /** The issuer a receipt names, read without checking anything (to find its JWK Set). */
    public static Optional<String> claimedIssuer(String jws) {
        try {
            return Optional.ofNullable(SignedJWT.parse(jws.strip()).getJWTClaimsSet().getIssuer());
        } catch (ParseException e) {
            return Optional.empty();
        }
    }

    /**
     * The receipt's claims, once everything checks out.
     *
     * @param expectedIssuer the issuer the receipt must name; empty accepts any issuer (the caller
     *                       then vouches for the key set)
     * @throws Rejected with the reason otherwise
     */
    public static JWTClaimsSet verify(String jws, JWKSet keys, Optional<String> expectedIssuer) throws Rejected {
        SignedJWT receipt;
        try {
            receipt = SignedJWT.parse(jws.strip());
        } catch (ParseException e) {
            throw new Rejected("not a compact JWS");
        }
        if (!JWSAlgorithm.ES256.equals(receipt.getHeader().getAlgorithm())) {
            throw new Rejected("algorithm " + receipt.getHeader().getAlgorithm() + " is not ES256");
        }
        if (!new JOSEObjectType(ReceiptService.TYPE).equals(receipt.getHeader().getType())) {
            throw new Rejected("type " + receipt.getHeader().getType() + " is not " + ReceiptService.TYPE);
        }
        String kid = receipt.getHeader().getKeyID();
        JWK key = kid == null ? null : keys.getKeyByKeyId(kid);
        if (!(key instanceof ECKey ecKey)) {
            throw new Rejected("key " + kid + " is not in the key set");
        }
        try {
            if (!receipt.verify(new ECDSAVerifier(ecKey.toPublicJWK()))) {
                throw new Rejected("bad signature");
            }
        } catch (JOSEException e) {
            throw new Rejected("bad signature (" + e.getMessage() + ")");
        }
        JWTClaimsSet claims;
        try {
            claims = receipt.getJWTClaimsSet();
        } catch (ParseException e) {
            throw new Rejected("the payload is not a JSON object");
        }
        if (claims.getIssuer() == null) {
            throw new Rejected("no issuer");
        }
        if (expectedIssuer.isPresent() && !expectedIssuer.get().equals(claims.getIssuer())) {
            throw new Rejected("issuer " + claims.getIssuer() + " is not " + expectedIssuer.get());
        }
        if (!TYPES.contains(String.valueOf(claims.getClaim("receipt_type")))) {
            throw new Rejected("receipt_type is neither granted nor revoked");
        }
        return claims;
    }
}
