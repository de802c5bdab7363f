package io.assent.oauth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.stereotype.Component;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import io.assent.oauth.keys.SigningKey;
import io.assent.oauth.keys.SigningKeyService;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.security.Scopes;
import io.assent.platform.security.Tenant;

/**
 * Signs the JWTs of this server with the current ES256 key: access tokens (RFC 9068 profile, D4),
 * ID tokens, the identity provider's own tokens, and lasting documents such as consent receipts
 * (D20, {@link #signDocument}).
 */
@Component
public class TokenMinter {

    static final String CLAIM_CLIENT_ID = "client_id";
    static final String CLAIM_SCOPE = "scope";
    static final String CLAIM_CHAIN = "sid";
    static final String CLAIM_PARTNER = "partner_id";
    static final String CLAIM_ENVIRONMENT = "environment";

    private final SigningKeyService keys;
    private final TokenAudiences audiences;
    private final IdGenerator ids;
    private final Clock clock;
    private final OAuthSettings settings;
    private final Map<String, ECDSASigner> signers = new ConcurrentHashMap<>();

    public TokenMinter(SigningKeyService keys, TokenAudiences audiences, IdGenerator ids, Clock clock, OAuthSettings settings) {
        this.keys = keys;
        this.audiences = audiences;
        this.ids = ids;
        this.clock = clock;
        this.settings = settings;
    }

    /** An API access token for a user (code flow) or for a client itself (client credentials). */
    public MintedToken accessToken(String subject, String clientId, Set<String> scopes, Optional<UUID> chainId,
                                   Optional<Tenant> tenant) {
        JWTClaimsSet.Builder claims = base(subject, audiences.api(), settings.accessTokenTtl())
                .claim(CLAIM_CLIENT_ID, clientId)
                .claim(CLAIM_SCOPE, Scopes.format(scopes));
        chainId.ifPresent(chain -> claims.claim(CLAIM_CHAIN, chain.toString()));
        tenant.ifPresent(t -> claims.claim(CLAIM_PARTNER, t.partnerId().toString())
                .claim(CLAIM_ENVIRONMENT, t.environment().wireName()));
        return sign(claims.build(), TokenProfile.API_ACCESS.type());
    }

    /** An OpenID Connect ID token for the client that was granted {@code openid}. */
    public MintedToken idToken(UUID userId, String clientId, Instant authTime) {
        JWTClaimsSet claims = base(userId.toString(), clientId, settings.accessTokenTtl())
                .claim("auth_time", authTime.getEpochSecond())
                .build();
        return sign(claims, "JWT");
    }

    /** A token of the built-in identity provider (D5): proves who signed in, opens nothing in the API. */
    public MintedToken idpToken(UUID userId) {
        return idpToken(userId, settings.idpTokenTtl());
    }

    /** An IdP token with its own lifetime, for the pages' sliding sign-in cookie. */
    public MintedToken idpToken(UUID userId, Duration ttl) {
        return sign(base(userId.toString(), audiences.idp(), ttl).build(), TokenProfile.IDP.type());
    }

    /**
     * Signs a document meant to be verified long after its tokens have expired (a consent receipt,
     * a history head): the claims as given, the header's {@code typ}, and a key that is kept
     * published for good from the caller's transaction on. Runs inside the transaction that
     * stores the document.
     */
    public SignedDocument signDocument(JWTClaimsSet claims, String type) {
        SigningKey key = keys.current();
        keys.keepPublished(key.kid());
        return new SignedDocument(signWith(key, claims, type).serialize(), key.kid());
    }

    /** A signed document and the key that signed it. */
    public record SignedDocument(String jws, String kid) {
    }

    private JWTClaimsSet.Builder base(String subject, String audience, Duration ttl) {
        Instant now = clock.instant();
        return new JWTClaimsSet.Builder()
                .issuer(audiences.issuer())
                .subject(subject)
                .audience(audience)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(ttl)))
                .jwtID(ids.newId().toString());
    }

    private MintedToken sign(JWTClaimsSet claims, String type) {
        SignedJWT jwt = signWith(keys.current(), claims, type);
        return new MintedToken(jwt.serialize(), claims.getJWTID(), claims.getIssueTime().toInstant(),
                claims.getExpirationTime().toInstant());
    }

    private SignedJWT signWith(SigningKey key, JWTClaimsSet claims, String type) {
        JWSHeader header = new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(key.kid()).type(new JOSEObjectType(type)).build();
        SignedJWT jwt = new SignedJWT(header, claims);
        try {
            jwt.sign(signers.computeIfAbsent(key.kid(), kid -> signer(key)));
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign a token", e);
        }
        return jwt;
    }

    private static ECDSASigner signer(SigningKey key) {
        try {
            return EcdsaProviders.signer(key.key());
        } catch (JOSEException e) {
            throw new IllegalStateException("unusable signing key " + key.kid(), e);
        }
    }

    /** Who the tokens are for; {@link PublicUrls} decides the addresses (D1). */
    @Component
    public static class TokenAudiences {

        private final PublicUrls urls;

        public TokenAudiences(PublicUrls urls) {
            this.urls = urls;
        }

        public String issuer() {
            return urls.baseUrl();
        }

        public String api() {
            return urls.baseUrl();
        }

        public String idp() {
            return urls.publicUrl() + "/idp";
        }
    }
}
