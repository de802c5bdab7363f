package io.assent.trust;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;

import io.assent.identity.UserAccount;
import io.assent.partners.ClientCredentials;
import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.ConsentLoop;
import io.assent.support.OAuthFlows;
import tools.jackson.databind.JsonNode;

/** Base of the trust tests: a granted consent, receipts as the API lists them, and verification as an outsider does it. */
abstract class TrustTest extends ApiTest {

    static final String API = "/api/public/v1";
    private static final String REDIRECT = "https://trust.example/callback";

    @Autowired
    protected JdbcClient jdbc;

    /** A consent loop whose session the consumer has approved through the API. */
    record Granted(ConsentLoop loop, String session, ConsentLoop.Consumer consumer) {
    }

    Granted granted(DataCategory... categories) {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, categories);
        String session = loop.createSession();
        ConsentLoop.Consumer consumer = loop.consumer();
        assertThat(loop.consumerCall(consumer, "GET", "/" + session).status()).isEqualTo(200);
        assertThat(loop.consumerCall(consumer, "POST", "/" + session + "/approve").status()).isEqualTo(200);
        return new Granted(loop, session, consumer);
    }

    /** The session's receipts as its partner lists them; the consumer's list must be the same. */
    List<JsonNode> receipts(Granted granted) {
        ApiResponse partner = api().get(API + "/sessions/" + granted.session() + "/receipts").bearer(granted.loop().token).send();
        assertThat(partner.status()).isEqualTo(200);
        ApiResponse consumer = granted.loop().consumerCall(granted.consumer(), "GET", "/" + granted.session() + "/receipts");
        assertThat(consumer.status()).isEqualTo(200);
        assertThat(consumer.json()).isEqualTo(partner.json());
        List<JsonNode> receipts = new ArrayList<>();
        partner.json().forEach(receipts::add);
        return receipts;
    }

    /** Another token of this consumer, with these scopes. */
    String tokenOf(UserAccount user, String scopes) {
        OAuthFlows flows = oauth();
        ClientCredentials app = flows.publicApp(REDIRECT, scopes);
        try {
            OAuthFlows.Authorization authorization = flows.authorize(flows.idpToken(user), app, REDIRECT, scopes, "approve", "s");
            return com.nimbusds.oauth2.sdk.AccessTokenResponse.parse(flows.exchange(app, authorization.code(), REDIRECT,
                    authorization.verifier())).getTokens().getAccessToken().getValue();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    String issuer() {
        return root() + API;
    }

    JWKSet publishedKeys() throws Exception {
        return JWKSet.load(URI.create(issuer() + "/oauth/jwks").toURL());
    }

    /** What a partner or consumer would write with Nimbus: the published JWK Set, ES256, the receipt type, the issuer. */
    JWTClaimsSet verifyWithNimbus(String jws, String type) throws Exception {
        JWKSource<SecurityContext> keys = new ImmutableJWKSet<>(publishedKeys());
        DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
        processor.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(new JOSEObjectType(type)));
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(JWSAlgorithm.ES256, keys));
        JWTClaimsSet claims = processor.process(jws, null);
        assertThat(claims.getIssuer()).isIn(issuer(), null);
        return claims;
    }
}
