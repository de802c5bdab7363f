package io.assent.oauth;

import java.text.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.stereotype.Component;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import io.assent.oauth.keys.SigningKeyService;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import io.assent.platform.security.Tenant;

/**
 * Checks a JWT of this server: ES256 signature by a published key, {@code typ}, issuer, audience and
 * lifetime, then revocation. A signature check costs more than the rest of a request, so each
 * token's verified claims are remembered (bounded, until the token expires); expiry and revocation
 * are still checked on every use.
 */
@Component
public class TokenVerifier {

    private final SigningKeyService keys;
    private final TokenMinter.TokenAudiences audiences;
    private final RevocationList revocations;
    private final Clock clock;
    private final Cache<String, VerifiedToken> verified;
    private final java.util.Map<String, ECDSAVerifier> verifiers = new java.util.concurrent.ConcurrentHashMap<>();

    public TokenVerifier(SigningKeyService keys, TokenMinter.TokenAudiences audiences, RevocationList revocations,
                         Clock clock, OAuthSettings settings) {
        this.keys = keys;
        this.audiences = audiences;
        this.revocations = revocations;
        this.clock = clock;
        this.verified = Caffeine.newBuilder()
                .maximumSize(settings.verifiedTokenCacheSize())
                .expireAfterWrite(settings.accessTokenTtl().compareTo(settings.idpTokenTtl()) > 0
                        ? settings.accessTokenTtl() : settings.idpTokenTtl())
                .build();
    }

    /** The token's claims if it is a live, unrevoked token of the given kind; empty otherwise. */
    public Optional<VerifiedToken> verify(String token, TokenProfile profile) {
        Optional<VerifiedToken> claims = signatureChecked(token, profile);
        Instant now = clock.instant();
        return claims.filter(c -> c.expiresAt().isAfter(now)).filter(c -> !revocations.isRevoked(c));
    }

    /**
     * The token's claims after the signature, issuer, audience and type checks only: for revocation
     * (RFC 7009), where an expired or already revoked token is simply nothing to do.
     */
    public Optional<VerifiedToken> signatureChecked(String token, TokenProfile profile) {
        String cacheKey = profile.ordinal() + token;
        VerifiedToken cached = verified.getIfPresent(cacheKey);
        if (cached != null) {
            return Optional.of(cached);
        }
        Optional<VerifiedToken> fresh = parseAndCheck(token, profile);
        fresh.ifPresent(claims -> verified.put(cacheKey, claims));
        return fresh;
    }

    private Optional<VerifiedToken> parseAndCheck(String token, TokenProfile profile) {
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            JWSHeader header = jwt.getHeader();
            if (!JWSAlgorithm.ES256.equals(header.getAlgorithm()) || header.getType() == null
                    || !profile.type().equals(header.getType().getType()) || header.getKeyID() == null) {
                return Optional.empty();
            }
            Optional<ECDSAVerifier> verifier = keys.verificationKey(header.getKeyID()).map(this::verifier);
            if (verifier.isEmpty() || !jwt.verify(verifier.get())) {
                return Optional.empty();
            }
            return claims(jwt.getJWTClaimsSet(), profile);
        } catch (ParseException | JOSEException | IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    /** One verifier per key (keys are immutable; a kid always names the same key). */
    private ECDSAVerifier verifier(ECKey key) {
        return verifiers.computeIfAbsent(key.getKeyID(), kid -> {
            try {
                return EcdsaProviders.verifier(key);
            } catch (JOSEException e) {
                throw new IllegalStateException("unusable verification key", e);
            }
        });
    }

    private Optional<VerifiedToken> claims(JWTClaimsSet claims, TokenProfile profile) throws ParseException {
        String audience = profile == TokenProfile.API_ACCESS ? audiences.api() : audiences.idp();
        List<String> aud = claims.getAudience();
        Date exp = claims.getExpirationTime();
        Date iat = claims.getIssueTime();
        if (!audiences.issuer().equals(claims.getIssuer()) || aud == null || !aud.contains(audience)
                || exp == null || iat == null || claims.getSubject() == null || claims.getJWTID() == null) {
            return Optional.empty();
        }
        String clientId = Optional.ofNullable(claims.getStringClaim(TokenMinter.CLAIM_CLIENT_ID)).orElse("");
        Optional<UUID> chain = IdGenerator.parse(claims.getStringClaim(TokenMinter.CLAIM_CHAIN));
        Optional<Environment> environment = Environment.fromWire(claims.getStringClaim(TokenMinter.CLAIM_ENVIRONMENT));
        Optional<Tenant> tenant = IdGenerator.parse(claims.getStringClaim(TokenMinter.CLAIM_PARTNER))
                .flatMap(partner -> environment.map(env -> new Tenant(partner, env)));
        if (profile == TokenProfile.API_ACCESS && clientId.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new VerifiedToken(claims.getJWTID(), claims.getSubject(), clientId,
                Scopes.parse(claims.getStringClaim(TokenMinter.CLAIM_SCOPE)), chain, tenant,
                iat.toInstant(), exp.toInstant()));
    }
}
