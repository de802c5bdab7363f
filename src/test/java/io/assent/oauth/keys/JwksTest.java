package io.assent.oauth.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Date;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;

import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import tools.jackson.databind.JsonNode;

/** {@code GET /oauth/jwks}: public keys only, and they verify what the service signs. */
class JwksTest extends ApiTest {

    private static final Set<String> PUBLIC_MEMBERS = Set.of("kty", "crv", "x", "y", "kid", "use", "alg");

    @Autowired
    private SigningKeyService keys;

    @Test
    void theSetHoldsPublicEcKeysOnly() {
        SigningKey current = keys.current();
        ApiResponse response = api().get("/api/public/v1/oauth/jwks").send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.header("Cache-Control")).isEqualTo("public, max-age=300");
        assertThat(response.header("Pragma")).as("nothing contradicts the caching").isNull();
        assertThat(response.header("Expires")).isNull();
        JsonNode set = response.json();
        assertThat(set.propertyNames()).containsExactly("keys");
        assertThat(set.path("keys").isArray()).isTrue();
        assertThat(set.path("keys")).isNotEmpty().allSatisfy(key -> {
            assertThat(key.propertyNames()).containsExactlyInAnyOrderElementsOf(PUBLIC_MEMBERS);
            assertThat(key.has("d")).isFalse();
            assertThat(key.path("kty").asString()).isEqualTo("EC");
            assertThat(key.path("crv").asString()).isEqualTo("P-256");
            assertThat(key.path("use").asString()).isEqualTo("sig");
            assertThat(key.path("alg").asString()).isEqualTo("ES256");
        });
        assertThat(set.path("keys").get(0).path("kid").asString()).isEqualTo(current.kid());
        assertThat(response.body()).doesNotContain(current.key().getD().toString());
    }

    @Test
    void aJwtSignedWithTheCurrentKeyVerifiesAgainstThePublishedSet() throws Exception {
        String token = sign(keys.current(), "verify-me");
        assertThat(verify(token, publishedSet()).getSubject()).isEqualTo("verify-me");
    }

    @Test
    void afterARotationTokensOfBothKeysVerify() throws Exception {
        SigningKey old = keys.current();
        String oldToken = sign(old, "old");
        SigningKey fresh = keys.rotate();
        String freshToken = sign(fresh, "fresh");

        JWKSet published = publishedSet();
        assertThat(published.getKeys()).extracting(k -> k.getKeyID()).startsWith(fresh.kid()).contains(old.kid());
        assertThat(verify(oldToken, published).getSubject()).isEqualTo("old");
        assertThat(verify(freshToken, published).getSubject()).isEqualTo("fresh");
        assertThat(keys.verificationKey(old.kid())).isPresent();
    }

    private JWKSet publishedSet() throws Exception {
        return JWKSet.parse(api().get("/api/public/v1/oauth/jwks").send().body());
    }

    private static String sign(SigningKey key, String subject) throws Exception {
        Instant now = Instant.now();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(key.kid()).build(),
                new JWTClaimsSet.Builder().subject(subject).issueTime(Date.from(now))
                        .expirationTime(Date.from(now.plusSeconds(900))).build());
        jwt.sign(new ECDSASigner(key.key()));
        return jwt.serialize();
    }

    private static JWTClaimsSet verify(String token, JWKSet published) throws Exception {
        DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(JWSAlgorithm.ES256, new ImmutableJWKSet<>(published)));
        return processor.process(token, null);
    }
}
