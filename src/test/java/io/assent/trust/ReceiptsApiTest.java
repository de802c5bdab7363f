package io.assent.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import io.assent.oauth.keys.SigningKeyService;
import io.assent.partners.ClientCredentials;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import io.assent.products.DataCategory;
import io.assent.products.ProductVersion;
import io.assent.sessions.CollectionMethod;
import io.assent.sessions.Grant;
import io.assent.sessions.SessionService;
import io.assent.support.ConsentLoop;
import tools.jackson.databind.JsonNode;

/** Consent receipts (D20): issued with every grant and revocation, listed to both sides, verifiable by anyone. */
class ReceiptsApiTest extends TrustTest {

    @Autowired
    private SessionService sessions;

    @Autowired
    private SigningKeyService keys;

    @Autowired
    private TransactionTemplate transaction;

    @Test
    void aGrantReceiptVerifiesWithThePublishedKeysAndStatesExactlyWhatWasAgreed() throws Exception {
        Granted granted = granted(DataCategory.PROFILE, DataCategory.CONTACTS);
        List<JsonNode> receipts = receipts(granted);
        assertThat(receipts).hasSize(1);
        JsonNode receipt = receipts.get(0);
        assertThat(receipt.path("receipt_type").asString()).isEqualTo("granted");

        String jws = receipt.path("jws").asString();
        SignedJWT parsed = SignedJWT.parse(jws);
        assertThat(parsed.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);
        assertThat(parsed.getHeader().getType()).isEqualTo(new JOSEObjectType("consent-receipt+jwt"));
        assertThat(parsed.getHeader().getKeyID()).isEqualTo(keys.current().kid());

        JWTClaimsSet claims = verifyWithNimbus(jws, ReceiptService.TYPE);
        Grant grant = sessions.grantOf(UUID.fromString(granted.session())).orElseThrow();
        ProductVersion version = fixtures.products().version(granted.loop().productId, 1).orElseThrow();
        assertThat(claims.getClaims().keySet()).containsExactlyInAnyOrder("iss", "jti", "iat", "sub", "receipt_type",
                "session_id", "grant_id", "partner", "product", "consent_at", "collection_method", "withdraw_url");
        assertThat(claims.getIssuer()).isEqualTo(issuer());
        assertThat(claims.getJWTID()).isEqualTo(receipt.path("id").asString());
        assertThat(claims.getSubject()).isEqualTo(granted.consumer().account().id().toString());
        assertThat(claims.getIssueTime().toInstant().getEpochSecond())
                .isEqualTo(java.time.Instant.parse(receipt.path("issued_at").asString()).getEpochSecond());
        assertThat(claims.getStringClaim("receipt_type")).isEqualTo("granted");
        assertThat(claims.getStringClaim("session_id")).isEqualTo(granted.session());
        assertThat(claims.getStringClaim("grant_id")).isEqualTo(grant.id().toString());
        assertThat(claims.getJSONObjectClaim("partner")).isEqualTo(Map.of("id", granted.loop().partner.id().toString(),
                "name", granted.loop().partner.name(), "contact", granted.loop().partner.ownerEmail()));
        Map<String, Object> product = claims.getJSONObjectClaim("product");
        assertThat(product).containsOnlyKeys("id", "name", "version", "purpose", "data_categories", "retention_days");
        assertThat(product.get("id")).isEqualTo(granted.loop().productId.toString());
        assertThat(product.get("name")).isEqualTo(version.content().name());
        assertThat(((Number) product.get("version")).intValue()).isEqualTo(1);
        assertThat(product.get("purpose")).isEqualTo(version.content().purpose().orElseThrow());
        assertThat(product.get("data_categories")).isEqualTo(List.of("profile", "contacts"));
        assertThat(((Number) product.get("retention_days")).intValue()).isEqualTo(version.content().retentionDays().orElseThrow());
        assertThat(claims.getStringClaim("consent_at")).isEqualTo(grant.grantedAt().toString());
        assertThat(claims.getStringClaim("collection_method")).isEqualTo("api");
        assertThat(claims.getStringClaim("withdraw_url")).isEqualTo(root() + "/account/consents/" + granted.session());
    }

    @Test
    void revocationReceiptsNameWhoRevokedAndPointToTheGrantReceipt() throws Exception {
        Granted byConsumer = granted(DataCategory.PROFILE);
        clock.advance(Duration.ofMinutes(5));
        assertThat(byConsumer.loop().consumerCall(byConsumer.consumer(), "POST", "/" + byConsumer.session() + "/revoke").status())
                .isEqualTo(200);
        // revoking again changes nothing and issues nothing
        assertThat(byConsumer.loop().consumerCall(byConsumer.consumer(), "POST", "/" + byConsumer.session() + "/revoke").status())
                .isEqualTo(200);
        List<JsonNode> receipts = receipts(byConsumer);
        assertThat(receipts).extracting(r -> r.path("receipt_type").asString()).containsExactly("granted", "revoked");
        JWTClaimsSet revoked = verifyWithNimbus(receipts.get(1).path("jws").asString(), ReceiptService.TYPE);
        Grant grant = sessions.grantOf(UUID.fromString(byConsumer.session())).orElseThrow();
        assertThat(revoked.getClaims().keySet()).containsExactlyInAnyOrder("iss", "jti", "iat", "sub", "receipt_type",
                "session_id", "grant_id", "partner", "product", "revoked_at", "revoked_by", "prev", "collection_method",
                "withdraw_url");
        assertThat(revoked.getStringClaim("revoked_by")).isEqualTo("consumer");
        assertThat(revoked.getStringClaim("revoked_at")).isEqualTo(grant.revokedAt().orElseThrow().toString());
        assertThat(revoked.getStringClaim("prev")).isEqualTo(receipts.get(0).path("id").asString());
        assertThat(revoked.getStringClaim("grant_id")).isEqualTo(grant.id().toString());

        Granted byPartner = granted(DataCategory.PROFILE);
        assertThat(byPartner.loop().revoke(byPartner.session()).status()).isEqualTo(200);
        List<JsonNode> partnerRevoked = receipts(byPartner);
        assertThat(partnerRevoked).hasSize(2);
        JWTClaimsSet claims = verifyWithNimbus(partnerRevoked.get(1).path("jws").asString(), ReceiptService.TYPE);
        assertThat(claims.getStringClaim("revoked_by")).isEqualTo("partner");
        assertThat(claims.getStringClaim("prev")).isEqualTo(partnerRevoked.get(0).path("id").asString());
    }

    @Test
    void aChangedByteOrAForeignKeyFails() throws Exception {
        String jws = receipts(granted(DataCategory.PROFILE)).get(0).path("jws").asString();
        JWKSet published = publishedKeys();
        assertThat(ReceiptVerifier.verify(jws, published, Optional.of(issuer())).getStringClaim("receipt_type")).isEqualTo("granted");

        String[] parts = jws.split("\\.");
        byte[] payload = Base64.getUrlDecoder().decode(parts[1]);
        payload[payload.length / 2] ^= 0x01;
        String changedPayload = parts[0] + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(payload) + "." + parts[2];
        byte[] signature = Base64.getUrlDecoder().decode(parts[2]);
        signature[5] ^= 0x01;
        String changedSignature = parts[0] + "." + parts[1] + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
        for (String tampered : List.of(changedPayload, changedSignature)) {
            assertThatThrownBy(() -> verifyWithNimbus(tampered, ReceiptService.TYPE)).isInstanceOf(BadJOSEException.class);
            assertThatThrownBy(() -> ReceiptVerifier.verify(tampered, published, Optional.of(issuer())))
                    .isInstanceOf(ReceiptVerifier.Rejected.class).hasMessageContaining("signature");
        }

        // the same claims signed by a key that is not in the set: under its own kid, and under ours
        JWTClaimsSet claims = SignedJWT.parse(jws).getJWTClaimsSet();
        ECKey stranger = new ECKeyGenerator(Curve.P_256).keyID(UUID.randomUUID().toString()).generate();
        String foreign = sign(claims, stranger, stranger.getKeyID());
        String impostor = sign(claims, stranger, SignedJWT.parse(jws).getHeader().getKeyID());
        assertThatThrownBy(() -> verifyWithNimbus(foreign, ReceiptService.TYPE)).isInstanceOf(BadJOSEException.class);
        assertThatThrownBy(() -> verifyWithNimbus(impostor, ReceiptService.TYPE)).isInstanceOf(BadJOSEException.class);
        assertThatThrownBy(() -> ReceiptVerifier.verify(foreign, published, Optional.empty()))
                .isInstanceOf(ReceiptVerifier.Rejected.class).hasMessageContaining("not in the key set");
        assertThatThrownBy(() -> ReceiptVerifier.verify(impostor, published, Optional.empty()))
                .isInstanceOf(ReceiptVerifier.Rejected.class).hasMessageContaining("bad signature");

        // an access token is signed by the same keys, but it is not a receipt
        assertThatThrownBy(() -> ReceiptVerifier.verify(tokenFor(fixtures.partnerClient()), published, Optional.empty()))
                .isInstanceOf(ReceiptVerifier.Rejected.class).hasMessageContaining("type");
        assertThatThrownBy(() -> ReceiptVerifier.verify(jws, published, Optional.of("https://elsewhere.example")))
                .isInstanceOf(ReceiptVerifier.Rejected.class).hasMessageContaining("issuer");
    }

    private static String sign(JWTClaimsSet claims, ECKey key, String kid) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(kid)
                .type(new JOSEObjectType(ReceiptService.TYPE)).build(), claims);
        jwt.sign(new ECDSASigner(key));
        return jwt.serialize();
    }

    @Test
    void oldReceiptsStillVerifyAfterRotationWhileKeysThatSignedNoneAreDropped() throws Exception {
        String jws = receipts(granted(DataCategory.PROFILE)).get(0).path("jws").asString();
        String receiptKid = SignedJWT.parse(jws).getHeader().getKeyID();
        String tokensOnly = keys.rotateAndReport().current().kid();
        tokenFor(fixtures.partnerClient());
        keys.rotateAndReport();
        // far beyond the retired-key retention (1 h)
        clock.advance(Duration.ofDays(400));
        keys.rotateAndReport();
        JWKSet published = publishedKeys();
        assertThat(published.getKeyByKeyId(receiptKid)).isNotNull();
        assertThat(published.getKeyByKeyId(tokensOnly)).isNull();
        assertThat(verifyWithNimbus(jws, ReceiptService.TYPE).getStringClaim("receipt_type")).isEqualTo("granted");
        assertThat(ReceiptVerifier.verify(jws, published, Optional.of(issuer())).getSubject()).isNotBlank();
    }

    @Test
    void onlyTheConsentsConsumerAndPartnerSeeItsReceipts() {
        Granted granted = granted(DataCategory.PROFILE);
        ConsentLoop.Consumer stranger = granted.loop().consumer();
        assertThat(granted.loop().consumerCall(stranger, "GET", "/" + granted.session() + "/receipts").status()).isEqualTo(404);

        ClientCredentials otherPartner = fixtures.partnerClient();
        assertThat(api().get(API + "/sessions/" + granted.session() + "/receipts").bearer(tokenFor(otherPartner)).send().status())
                .isEqualTo(404);
        ClientCredentials production = fixtures.partnerClient(granted.loop().partner, Environment.PRODUCTION, Set.copyOf(Scopes.PARTNER));
        assertThat(api().get(API + "/sessions/" + granted.session() + "/receipts").bearer(tokenFor(production)).send().status())
                .isEqualTo(404);
        assertThat(api().get(API + "/sessions/" + granted.session() + "/receipts")
                .basic(granted.loop().client.clientId(), granted.loop().client.clientSecret().orElseThrow()).send().status()).isEqualTo(200);
        assertThat(api().get(API + "/sessions/nope/receipts").bearer(granted.loop().token).send().status()).isEqualTo(404);

        // a session never granted has none; an unclaimed one does not exist for a consumer, and reading does not claim it
        String pending = granted.loop().createSession();
        assertThat(api().get(API + "/sessions/" + pending + "/receipts").bearer(granted.loop().token).send().json().size()).isZero();
        assertThat(granted.loop().consumerCall(stranger, "GET", "/" + pending + "/receipts").status()).isEqualTo(404);
        assertThat(granted.loop().consumerCall(stranger, "GET", "/" + pending).status()).isEqualTo(200);
        assertThat(granted.loop().consumerCall(stranger, "POST", "/" + pending + "/deny").status()).isEqualTo(200);
        assertThat(granted.loop().consumerCall(stranger, "GET", "/" + pending + "/receipts").json().size()).isZero();
    }

    @Test
    void aReceiptIsWrittenIfAndOnlyIfItsChangeCommits() {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        String session = loop.createSession();
        ConsentLoop.Consumer consumer = loop.consumer();
        loop.consumerCall(consumer, "GET", "/" + session);

        // the approval fails after its receipt was signed and stored: both go
        assertThatThrownBy(() -> transaction.executeWithoutResult(tx -> {
            sessions.approve(consumer.account(), session, CollectionMethod.API);
            assertThat(receiptCount(session)).isEqualTo(1);
            throw new IllegalStateException("a later step of the change fails");
        })).hasMessageContaining("later step");
        assertThat(receiptCount(session)).isZero();
        assertThat(loop.session(session).json().path("status").asString()).isEqualTo("pending");

        assertThat(loop.consumerCall(consumer, "POST", "/" + session + "/approve").status()).isEqualTo(200);
        assertThat(receiptCount(session)).isEqualTo(1);

        assertThatThrownBy(() -> transaction.executeWithoutResult(tx -> {
            sessions.revokeByConsumer(consumer.account(), session);
            throw new IllegalStateException("a later step of the change fails");
        })).hasMessageContaining("later step");
        assertThat(receiptCount(session)).isEqualTo(1);
        assertThat(loop.session(session).json().path("status").asString()).isEqualTo("granted");

        // a refused change writes none
        assertThat(loop.consumerCall(consumer, "POST", "/" + session + "/deny").status()).isEqualTo(409);
        assertThat(loop.consumerCall(consumer, "POST", "/" + session + "/approve").status()).isEqualTo(409);
        assertThat(receiptCount(session)).isEqualTo(1);
        String denied = loop.createSession();
        loop.consumerCall(consumer, "POST", "/" + denied + "/deny");
        assertThat(loop.consumerCall(consumer, "POST", "/" + denied + "/revoke").status()).isEqualTo(409);
        assertThat(receiptCount(denied)).isZero();
    }

    private long receiptCount(String session) {
        return jdbc.sql("select count(*) from consent_receipts where session_id = :s").param("s", UUID.fromString(session))
                .query(Long.class).single();
    }
}
