package io.assent.support;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import com.nimbusds.oauth2.sdk.AccessTokenResponse;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.ClientCredentialsGrant;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.pkce.CodeChallenge;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;

import io.assent.identity.UserAccount;
import io.assent.partners.ClientCredentials;
import io.assent.partners.ClientService;
import io.assent.partners.ClientType;
import io.assent.partners.NewClient;
import io.assent.platform.security.Environment;
import io.assent.support.ApiClient.ApiResponse;

/**
 * The OAuth flows the way a client application runs them, with Nimbus's client-side classes over
 * real HTTP: client credentials, and the authorization code flow with PKCE through the IdP.
 */
public class OAuthFlows {

    public static final String PASSWORD = "correct horse battery staple";
    public static final String CONSUMER_SCOPES = "openid consumer.profile.read consumer.history.read";

    private final String root;
    private final ApiClient api;
    private final Fixtures fixtures;
    private final ClientService clients;

    public OAuthFlows(String root, Fixtures fixtures, ClientService clients) {
        this.root = root;
        this.api = new ApiClient(root);
        this.fixtures = fixtures;
        this.clients = clients;
    }

    public URI tokenEndpoint() {
        return URI.create(root + "/api/public/v1/oauth/token");
    }

    /** A client_credentials token by Nimbus's TokenRequest (client_secret_basic). */
    public AccessTokenResponse clientCredentials(ClientCredentials client, String scope) throws Exception {
        TokenRequest request = new TokenRequest(tokenEndpoint(),
                new ClientSecretBasic(new ClientID(client.clientId()), new Secret(client.clientSecret().orElseThrow())),
                new ClientCredentialsGrant(), scope == null ? null : Scope.parse(scope));
        HTTPResponse response = request.toHTTPRequest().send();
        if (response.getStatusCode() != 200) {
            throw new AssertionError("token request failed: " + response.getStatusCode() + " " + response.getBody());
        }
        return AccessTokenResponse.parse(response);
    }

    /** A public consumer app of a new partner, redirecting to {@code redirectUri}. */
    public ClientCredentials publicApp(String redirectUri, String scopes) {
        return clients.create(new NewClient(Optional.of(fixtures.partner().id()), "Budget Buddy " + UUID.randomUUID(),
                ClientType.PUBLIC, Environment.SANDBOX, Set.of(scopes.split(" ")), List.of(redirectUri), List.of()));
    }

    public UserAccount consumer() {
        return fixtures.consumer(PASSWORD);
    }

    public String idpToken(UserAccount user) {
        ApiResponse login = api.post("/idp/login").json("{\"email\":\"" + user.email() + "\",\"password\":\"" + PASSWORD + "\"}")
                .unvalidated().send();
        if (login.status() != 200) {
            throw new AssertionError("IdP login failed: " + login.body());
        }
        return login.json().path("access_token").asString();
    }

    /** What one authorization produced: where the user agent was sent, and the verifier to redeem it. */
    public record Authorization(ApiResponse response, CodeVerifier verifier, String redirectUri) {

        public Map<String, String> redirectParameters() {
            String redirectTo = response.json().path("redirect_to").asString();
            Map<String, String> parameters = new LinkedHashMap<>();
            String query = URI.create(redirectTo).getRawQuery();
            for (String pair : query.split("&")) {
                String[] kv = pair.split("=", 2);
                parameters.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                        kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
            }
            return parameters;
        }

        public String code() {
            return redirectParameters().get("code");
        }
    }

    public Authorization authorize(String idpToken, ClientCredentials app, String redirectUri, String scope,
                                   String decision, String state) {
        CodeVerifier verifier = new CodeVerifier();
        String challenge = CodeChallenge.compute(CodeChallengeMethod.S256, verifier).getValue();
        String body = "{\"decision\":\"" + decision + "\",\"response_type\":\"code\",\"client_id\":\"" + app.clientId()
                + "\",\"redirect_uri\":\"" + redirectUri + "\",\"scope\":\"" + scope + "\",\"state\":\"" + state
                + "\",\"code_challenge\":\"" + challenge + "\",\"code_challenge_method\":\"S256\"}";
        ApiResponse response = api.post("/api/public/v1/oauth/authorize").bearer(idpToken).json(body).send();
        return new Authorization(response, verifier, redirectUri);
    }

    /** Exchanges a code as a public client (client_id, no secret) with Nimbus's TokenRequest. */
    public HTTPResponse exchange(ClientCredentials app, String code, String redirectUri, CodeVerifier verifier) throws Exception {
        TokenRequest request = new TokenRequest(tokenEndpoint(), new ClientID(app.clientId()),
                new AuthorizationCodeGrant(new AuthorizationCode(code), URI.create(redirectUri), verifier));
        return request.toHTTPRequest().send();
    }

    /** The access token of the whole code flow for a new consumer. */
    public String signInAndExchangeToken(ClientCredentials app, String redirectUri, String scope) {
        try {
            return signInAndExchange(app, redirectUri, scope).getTokens().getAccessToken().getValue();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The whole code flow for a new consumer: the token response of the exchange. */
    public AccessTokenResponse signInAndExchange(ClientCredentials app, String redirectUri, String scope) throws Exception {
        Authorization authorization = authorize(idpToken(consumer()), app, redirectUri, scope, "approve", "xyz");
        HTTPResponse response = exchange(app, authorization.code(), redirectUri, authorization.verifier());
        if (response.getStatusCode() != 200) {
            throw new AssertionError("code exchange failed: " + response.getBody());
        }
        return AccessTokenResponse.parse(response);
    }
}
