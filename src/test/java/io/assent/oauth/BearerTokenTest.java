package io.assent.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Date;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import io.assent.oauth.keys.SigningKeyService;
import io.assent.partners.ClientCredentials;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;

/** Bearer validation for the whole API (D4): what is refused, and why. */
class BearerTokenTest extends ApiTest {

    @Autowired
    private SigningKeyService keys;

    @Test
    void anExpiredTokenIsRefused() throws Exception {
        String token = token();
        assertThat(me(token).status()).isEqualTo(200);
        // iat and exp are whole seconds, so the token may have up to a second less than 900 s to live.
        clock.advance(Duration.ofSeconds(898));
        assertThat(me(token).status()).isEqualTo(200);
        clock.advance(Duration.ofSeconds(3));
        ApiResponse expired = me(token);
        assertThat(expired.status()).isEqualTo(401);
        assertThat(expired.errorCode()).isEqualTo("invalid_token");
        assertThat(expired.header("WWW-Authenticate")).contains("invalid_token");
    }

    @Test
    void aTokenSignedByAnUnknownKeyIsRefused() throws Exception {
        ECKey stranger = new ECKeyGenerator(Curve.P_256).keyID("unknown-kid").generate();
        assertThat(me(sign(stranger, claims())).status()).isEqualTo(401);
    }

    @Test
    void aTokenSignedByAnotherKeyUnderOurKidIsRefused() throws Exception {
        String kid = keys.current().kid();
        ECKey impostor = new ECKeyGenerator(Curve.P_256).keyID(kid).generate();
        assertThat(me(sign(impostor, claims())).status()).isEqualTo(401);
    }

    @Test
    void algNoneIsRefused() throws Exception {
        String[] parts = token().split("\\.");
        String header = Base64URL.encode("{\"alg\":\"none\",\"typ\":\"at+jwt\"}").toString();
        assertThat(me(header + "." + parts[1] + ".").status()).isEqualTo(401);
        assertThat(me(header + "." + parts[1] + "." + parts[2]).status()).isEqualTo(401);
    }

    @Test
    void aTamperedPayloadIsRefused() throws Exception {
        String[] parts = token().split("\\.");
        String payload = Base64URL.encode(Base64URL.from(parts[1]).decodeToString().replace("sessions.read", "sessions.create")).toString();
        assertThat(me(parts[0] + "." + payload + "." + parts[2]).status()).isEqualTo(401);
    }

    @Test
    void ourKeyWithTheWrongAudienceOrTypeIsRefused() throws Exception {
        ECKey ours = keys.current().key();
        JWTClaimsSet wrongAudience = new JWTClaimsSet.Builder(claims()).audience("https://elsewhere.example").build();
        assertThat(me(sign(ours, wrongAudience)).status()).isEqualTo(401);
        assertThat(me(sign(ours, claims())).status()).as("a correctly made token is accepted").isEqualTo(200);
        SignedJWT wrongType = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(ours.getKeyID())
                .type(JOSEObjectType.JWT).build(), claims());
        wrongType.sign(new ECDSASigner(ours));
        assertThat(me(wrongType.serialize()).status()).isEqualTo(401);
    }

    @Test
    void garbageIsRefused() {
        assertThat(me("not.a.jwt").status()).isEqualTo(401);
        assertThat(me("x").status()).isEqualTo(401);
    }

    private JWTClaimsSet claims() {
        ClientCredentials client = fixtures.partnerClient();
        long now = clock.instant().getEpochSecond();
        return new JWTClaimsSet.Builder().issuer(root() + "/api/public/v1").audience(root() + "/api/public/v1")
                .subject(client.clientId()).claim("client_id", client.clientId()).claim("scope", "sessions.read")
                .issueTime(new Date(now * 1000)).expirationTime(new Date((now + 600) * 1000))
                .jwtID(java.util.UUID.randomUUID().toString()).build();
    }

    private static String sign(ECKey key, JWTClaimsSet claims) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(key.getKeyID())
                .type(new JOSEObjectType("at+jwt")).build(), claims);
        jwt.sign(new ECDSASigner(key));
        return jwt.serialize();
    }

    private String token() throws Exception {
        return oauth().clientCredentials(fixtures.partnerClient(), "sessions.read").getTokens().getAccessToken().getValue();
    }

    private ApiResponse me(String token) {
        return api().get("/api/public/v1/me").bearer(token).send();
    }
}
