package io.assent.sessions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.assent.partners.ClientCredentials;
import io.assent.partners.ClientType;
import io.assent.partners.NewClient;
import io.assent.platform.security.Environment;
import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.ConsentLoop;

/** {@code POST /sessions/embed} (D7): public clients, the Origin allowlist and CORS. */
class EmbedSessionTest extends ApiTest {

    private static final String ORIGIN = "https://shop.example";

    private ConsentLoop loop;
    private ClientCredentials widget;

    @BeforeEach
    void widget() {
        loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        widget = clientService.create(new NewClient(Optional.of(loop.partner.id()), "Shop widget", ClientType.PUBLIC,
                Environment.SANDBOX, Set.of("consumer.profile.read"), List.of(), List.of(ORIGIN)));
    }

    @Test
    void anAllowedOriginCreatesAPendingSessionTheBrowserMayRead() {
        ApiResponse created = embed(ORIGIN, widget.clientId());
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Access-Control-Allow-Origin")).isEqualTo(ORIGIN);
        String id = created.json().path("session_id").asString();
        assertThat(created.json().path("status").asString()).isEqualTo("pending");
        assertThat(created.json().path("session_url").asString())
                .startsWith(root() + "/s/" + id + "?embed=").endsWith(created.json().path("embed_token").asString());
        assertThat(loop.session(id).json().path("status").asString()).isEqualTo("pending");
    }

    @Test
    void anotherOriginIs403() {
        ApiResponse refused = embed("https://evil.example", widget.clientId());
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.errorCode()).isEqualTo("origin_not_allowed");
        assertThat(refused.header("Access-Control-Allow-Origin")).isNull();
        assertThat(embed(null, widget.clientId()).status()).isEqualTo(403);
    }

    @Test
    void anUnknownOrConfidentialClientIs401() {
        assertThat(embed(ORIGIN, java.util.UUID.randomUUID().toString()).status()).isEqualTo(401);
        assertThat(embed(ORIGIN, loop.client.clientId()).status()).isEqualTo(401);
    }

    @Test
    void preflightsAreAnsweredForAllowedOriginsOnly() {
        ApiResponse allowed = api().method("OPTIONS", "/api/public/v1/sessions/embed").header("Origin", ORIGIN)
                .header("Access-Control-Request-Method", "POST").header("Access-Control-Request-Headers", "content-type")
                .unvalidated().send();
        assertThat(allowed.status()).isEqualTo(204);
        assertThat(allowed.header("Access-Control-Allow-Origin")).isEqualTo(ORIGIN);
        assertThat(allowed.header("Access-Control-Allow-Methods")).contains("POST");
        ApiResponse refused = api().method("OPTIONS", "/api/public/v1/sessions/embed").header("Origin", "https://evil.example")
                .header("Access-Control-Request-Method", "POST").unvalidated().send();
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.header("Access-Control-Allow-Origin")).isNull();
    }

    @Test
    void theSessionPageMayBeFramedByTheEmbeddingOriginOnlyWithItsToken() {
        ApiResponse created = embed(ORIGIN, widget.clientId());
        String url = created.json().path("session_url").asString().substring(root().length());
        ApiResponse framed = api().get(url).unvalidated().send();
        assertThat(framed.status()).isEqualTo(200);
        assertThat(framed.header("Content-Security-Policy")).contains("frame-ancestors " + ORIGIN);
        assertThat(framed.header("X-Frame-Options")).isNull();
        ApiResponse plain = api().get(url.substring(0, url.indexOf('?'))).unvalidated().send();
        assertThat(plain.header("X-Frame-Options")).isEqualTo("DENY");
        assertThat(plain.header("Content-Security-Policy")).contains("frame-ancestors 'none'");
        ApiResponse forged = api().get(url.substring(0, url.indexOf('?')) + "?embed=forged").unvalidated().send();
        assertThat(forged.header("X-Frame-Options")).isEqualTo("DENY");
    }

    private ApiResponse embed(String origin, String clientId) {
        var call = api().post("/api/public/v1/sessions/embed")
                .json("{\"client_id\":\"" + clientId + "\",\"product_id\":\"" + loop.productId + "\",\"external_reference\":\"cart-9\"}");
        if (origin != null) {
            call.header("Origin", origin);
        }
        return call.send();
    }
}
