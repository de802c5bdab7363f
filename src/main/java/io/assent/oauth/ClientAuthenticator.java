package io.assent.oauth;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.auth.ClientAuthentication;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.ClientSecretPost;

import io.assent.partners.Client;
import io.assent.partners.ClientService;
import io.assent.partners.ClientType;
import io.assent.platform.error.ApiException;
import io.assent.platform.ratelimit.FailureThrottle;

/**
 * Who is calling an OAuth endpoint (D4): a confidential client by {@code client_secret_basic} or
 * {@code client_secret_post}, or a public client by its {@code client_id} alone. Failed attempts
 * are counted per IP address, so secrets cannot be guessed at speed.
 */
@Component
public class ClientAuthenticator {

    private final ClientService clients;
    private final FailureThrottle failures;

    public ClientAuthenticator(ClientService clients, Clock clock) {
        this.clients = clients;
        this.failures = new FailureThrottle(20, Duration.ofSeconds(6), clock);
    }

    public Client authenticate(OAuthRequest request) {
        String ip = request.remoteAddress();
        if (failures.isBlocked(ip)) {
            throw new ApiException(HttpStatus.TOO_MANY_REQUESTS, "rate_limited",
                    "Too many failed client authentications from this address; retry later.",
                    java.util.List.of(), java.util.Map.of("Retry-After", "60"));
        }
        return identify(request).orElseGet(() -> {
            // Only presented credentials that were wrong count: a missing header is no guess.
            failures.recordFailure(ip);
            throw OAuthErrors.invalidClient("Client authentication failed.");
        });
    }

    private Optional<Client> identify(OAuthRequest request) {
        ClientAuthentication authentication;
        try {
            authentication = ClientAuthentication.parse(request.nimbus());
        } catch (ParseException malformed) {
            throw OAuthErrors.invalidRequest("The client authentication is malformed: " + malformed.getMessage());
        }
        if (authentication instanceof ClientSecretBasic basic) {
            return clients.authenticate(basic.getClientID().getValue(), basic.getClientSecret().getValue());
        }
        if (authentication instanceof ClientSecretPost post) {
            return clients.authenticate(post.getClientID().getValue(), post.getClientSecret().getValue());
        }
        if (authentication != null) {
            throw OAuthErrors.invalidClient("Only client_secret_basic, client_secret_post and none are supported.");
        }
        String clientId = request.parameter("client_id");
        if (clientId == null) {
            throw OAuthErrors.invalidClient("Client authentication is required.");
        }
        return clients.find(clientId).filter(Client::active).filter(c -> c.type() == ClientType.PUBLIC);
    }
}
