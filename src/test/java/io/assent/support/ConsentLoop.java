package io.assent.support;

import java.util.Set;
import java.util.UUID;

import io.assent.identity.UserAccount;
import io.assent.partners.ClientCredentials;
import io.assent.partners.Partner;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import io.assent.platform.security.Tenant;
import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;

/**
 * One partner with a sandbox client, its token and a published product, and consumers with their
 * API tokens: the cast of every consent-loop test.
 */
public class ConsentLoop {

    public static final String CONSUMER_SCOPES = "consumer.consent.read consumer.consent.respond consumer.grants.read consumer.grants.revoke";
    private static final String APP_REDIRECT = "https://app.example/callback";

    public final Partner partner;
    public final ClientCredentials client;
    public final String token;
    public final Tenant tenant;
    public final UUID productId;
    private final ApiClient api;
    private final OAuthFlows oauth;
    private final ClientCredentials consumerApp;

    public ConsentLoop(Fixtures fixtures, ApiClient api, OAuthFlows oauth, String token0, DataCategory... categories) {
        this.partner = fixtures.partner();
        this.client = fixtures.partnerClient(partner, Environment.SANDBOX, Set.copyOf(Scopes.PARTNER));
        this.tenant = new Tenant(partner.id(), Environment.SANDBOX);
        this.productId = fixtures.publishedProduct(tenant, categories);
        this.api = api;
        this.oauth = oauth;
        this.token = token0 == null ? tokenOf(client) : token0;
        this.consumerApp = oauth.publicApp(APP_REDIRECT, CONSUMER_SCOPES);
    }

    private String tokenOf(ClientCredentials credentials) {
        try {
            return oauth.clientCredentials(credentials, null).getTokens().getAccessToken().getValue();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Creates a session with this JSON body (the product is filled in when the body has no product_id). */
    public ApiResponse create(String extraJson) {
        String body = "{\"product_id\":\"" + productId + "\",\"return_url\":\"https://partner.example/done\""
                + (extraJson.isBlank() ? "" : "," + extraJson) + "}";
        return api.post("/api/public/v1/sessions").bearer(token).header("Idempotency-Key", UUID.randomUUID().toString())
                .json(body).send();
    }

    public String createSession() {
        ApiResponse created = create("");
        if (created.status() != 201) {
            throw new AssertionError("session not created: " + created.body());
        }
        return created.json().path("session_id").asString();
    }

    /** A new consumer and an API token of theirs with the consent scopes. */
    public Consumer consumer() {
        UserAccount user = oauth.consumer();
        try {
            OAuthFlows.Authorization authorization = oauth.authorize(oauth.idpToken(user), consumerApp, APP_REDIRECT,
                    CONSUMER_SCOPES, "approve", "s");
            String accessToken = com.nimbusds.oauth2.sdk.AccessTokenResponse.parse(oauth.exchange(consumerApp,
                    authorization.code(), APP_REDIRECT, authorization.verifier())).getTokens().getAccessToken().getValue();
            return new Consumer(user, accessToken);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public ApiResponse session(String id) {
        return api.get("/api/public/v1/sessions/" + id).bearer(token).send();
    }

    public ApiResponse data(String id) {
        return api.get("/api/public/v1/sessions/" + id + "/data").bearer(token).send();
    }

    public ApiResponse revoke(String id) {
        return api.post("/api/public/v1/sessions/" + id + "/revoke").bearer(token).send();
    }

    public ApiResponse consumerCall(Consumer consumer, String method, String path) {
        return api.method(method, "/api/public/v1/me/consents" + path).bearer(consumer.token()).send();
    }

    /** A consumer account and its API token. */
    public record Consumer(UserAccount account, String token) {
    }
}
