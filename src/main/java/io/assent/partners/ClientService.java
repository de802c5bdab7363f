package io.assent.partners;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.security.Scopes;
import io.assent.platform.security.SecretDigest;
import io.assent.platform.security.Tenant;

/**
 * OAuth client registration and client authentication (D4, D6). Secrets are shown once, kept as
 * digests and compared in constant time; a rotation leaves the previous secret working for
 * {@link #ROTATION_GRACE} so deployments can switch without downtime.
 */
@Service
public class ClientService {

    public static final Duration ROTATION_GRACE = Duration.ofHours(24);
    private static final String SECRET_PREFIX = "assent_cs_";
    private static final String UNKNOWN_CLIENT_DIGEST = SecretDigest.digest("no such client");

    private final ClientRepository clients;
    private final PartnerService partners;
    private final IdGenerator ids;
    private final Clock clock;

    public ClientService(ClientRepository clients, PartnerService partners, IdGenerator ids, Clock clock) {
        this.clients = clients;
        this.partners = partners;
        this.ids = ids;
        this.clock = clock;
    }

    @Transactional
    public ClientCredentials create(NewClient request) {
        validate(request);
        Client client = new Client(ids.newId(), request.partnerId(), request.name().strip(), request.type(),
                request.environment(), Set.copyOf(request.scopes()), List.copyOf(request.redirectUris()),
                request.allowedOrigins().stream().map(o -> o.toLowerCase(Locale.ROOT)).toList(), true, clock.instant());
        clients.insert(client);
        if (client.type() == ClientType.PUBLIC) {
            return new ClientCredentials(client.clientId(), Optional.empty());
        }
        return new ClientCredentials(client.clientId(), Optional.of(issueSecret(client.id())));
    }

    /** A new secret for a confidential client; the ones it replaces keep working for 24 hours. */
    @Transactional
    public ClientCredentials rotateSecret(String clientId) {
        Client client = find(clientId).orElseThrow(() -> ApiException.notFound("not_found", "No such client."));
        if (client.type() != ClientType.CONFIDENTIAL) {
            throw ApiException.conflict("conflict", "A public client has no secret to rotate.");
        }
        if (!client.active()) {
            throw ApiException.conflict("conflict", "A disabled client gets no new secret.");
        }
        clients.expireOpenSecrets(client.id(), clock.instant().plus(ROTATION_GRACE));
        return new ClientCredentials(client.clientId(), Optional.of(issueSecret(client.id())));
    }

    /** The clients of the tenant (D6): its partner's, in its environment. */
    public List<Client> listOf(Tenant tenant) {
        return clients.listOf(tenant.partnerId(), tenant.environment());
    }

    /** The tenant's client; another partner's or environment's does not exist for it. */
    public Optional<Client> findOf(Tenant tenant, String clientId) {
        return find(clientId).filter(c -> c.tenant().filter(tenant::equals).isPresent());
    }

    /**
     * Disables the tenant's client for good: its secrets and new tokens are refused from now on
     * ({@link #authenticate} only knows active clients). Disabling it again changes nothing.
     */
    @Transactional
    public Client disable(Tenant tenant, String clientId) {
        Client client = findOf(tenant, clientId).orElseThrow(() -> ApiException.notFound("not_found", "No such client."));
        if (client.active()) {
            clients.disable(client.id());
        }
        return find(clientId).orElseThrow();
    }

    public Optional<Client> find(String clientId) {
        return IdGenerator.parse(clientId).flatMap(clients::find);
    }

    /** Whether some active public client lists this Origin (CORS preflights carry no client id). */
    public boolean isOriginAllowedByAnyClient(String origin) {
        return origin != null && clients.countPublicClientsAllowing(origin.toLowerCase(Locale.ROOT)) > 0;
    }

    /**
     * The active confidential client whose id and secret these are. Every live secret is compared,
     * and an unknown client costs a comparison too, so timing tells nothing about which part was wrong.
     */
    public Optional<Client> authenticate(String clientId, String secret) {
        Optional<Client> client = find(clientId).filter(Client::active).filter(c -> c.type() == ClientType.CONFIDENTIAL);
        if (client.isEmpty() || secret == null) {
            SecretDigest.matches(String.valueOf(secret), UNKNOWN_CLIENT_DIGEST);
            return Optional.empty();
        }
        boolean matched = false;
        for (String digest : clients.liveSecretDigests(client.get().id(), clock.instant())) {
            matched |= SecretDigest.matches(secret, digest);
        }
        return matched ? client : Optional.empty();
    }

    private String issueSecret(UUID clientId) {
        String secret = SecretDigest.newSecret(SECRET_PREFIX);
        Instant now = clock.instant();
        clients.insertSecret(ids.newId(), clientId, SecretDigest.digest(secret), now);
        return secret;
    }

    private void validate(NewClient request) {
        List<FieldProblem> problems = new ArrayList<>();
        if (request.partnerId().isPresent() && partners.find(request.partnerId().get()).isEmpty()) {
            throw ApiException.notFound("not_found", "No partner " + request.partnerId().get() + ".");
        }
        if (request.name() == null || request.name().isBlank() || request.name().strip().length() > 200) {
            problems.add(new FieldProblem("name", "must be 1 to 200 characters"));
        }
        if (request.scopes().isEmpty()) {
            problems.add(new FieldProblem("scopes", "must name at least one scope"));
        }
        Set<String> known = Scopes.all();
        request.scopes().stream().filter(s -> !known.contains(s))
                .forEach(s -> problems.add(new FieldProblem("scopes", "unknown scope '" + s + "'")));
        if (request.type() == ClientType.PUBLIC) {
            request.scopes().stream().filter(Scopes.PARTNER::contains).forEach(s -> problems.add(
                    new FieldProblem("scopes", "a public client cannot hold the partner scope '" + s + "'")));
        }
        for (String uri : request.redirectUris()) {
            redirectUriProblem(uri).ifPresent(p -> problems.add(new FieldProblem("redirect_uris", p)));
        }
        for (String origin : request.allowedOrigins()) {
            originProblem(origin).ifPresent(p -> problems.add(new FieldProblem("allowed_origins", p)));
        }
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The client is not valid.", problems);
        }
    }

    /** RFC 6749 section 3.1.2 and RFC 8252: absolute, no fragment; https, or http on the loopback host. */
    private static Optional<String> redirectUriProblem(String uri) {
        try {
            URI parsed = new URI(uri);
            if (!parsed.isAbsolute() || parsed.getHost() == null || parsed.getFragment() != null) {
                return Optional.of("'" + uri + "' must be an absolute http(s) URI without a fragment");
            }
            boolean loopback = isLoopback(parsed.getHost());
            if ("https".equals(parsed.getScheme()) || ("http".equals(parsed.getScheme()) && loopback)) {
                return Optional.empty();
            }
            return Optional.of("'" + uri + "' must use https (http is allowed only for localhost)");
        } catch (URISyntaxException e) {
            return Optional.of("'" + uri + "' is not a URI");
        }
    }

    private static Optional<String> originProblem(String origin) {
        try {
            URI parsed = new URI(origin);
            boolean bare = parsed.getHost() != null && (parsed.getPath() == null || parsed.getPath().isEmpty())
                    && parsed.getQuery() == null && parsed.getFragment() == null && parsed.getUserInfo() == null;
            boolean scheme = "https".equals(parsed.getScheme()) || ("http".equals(parsed.getScheme()) && isLoopback(parsed.getHost()));
            return bare && scheme ? Optional.empty()
                    : Optional.of("'" + origin + "' must be an origin such as https://app.example.com");
        } catch (URISyntaxException e) {
            return Optional.of("'" + origin + "' is not an origin");
        }
    }

    private static boolean isLoopback(String host) {
        return "localhost".equals(host) || "127.0.0.1".equals(host) || "[::1]".equals(host);
    }
}
