package io.assent.sessions;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import io.assent.partners.Client;
import io.assent.partners.ClientService;
import io.assent.partners.ClientType;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiErrorMapper;
import io.assent.platform.error.ApiException;

/**
 * {@code POST /sessions/embed} (D7): a partner's web page starts a session through its public
 * client; the request's Origin must be one the client allows.
 */
@RestController
public class EmbedController {

    static final String PATH = SessionController.SESSIONS + "/embed";

    public record EmbedBody(String clientId, String productId, String externalReference) {
    }

    public record EmbedResponse(String sessionId, String sessionUrl, String embedToken, Instant expiresAt, String status) {
    }

    private final ClientService clients;
    private final SessionService sessions;
    private final PublicUrls urls;

    public EmbedController(ClientService clients, SessionService sessions, PublicUrls urls) {
        this.clients = clients;
        this.sessions = sessions;
        this.urls = urls;
    }

    @PostMapping(PATH)
    public ResponseEntity<EmbedResponse> embed(@RequestHeader(name = "Origin", required = false) String origin,
                                               @RequestBody EmbedBody body) {
        Client client = clients.find(body.clientId()).filter(Client::active).filter(c -> c.type() == ClientType.PUBLIC)
                .filter(c -> c.tenant().isPresent())
                .orElseThrow(() -> ApiErrorMapper.unauthorized("client_id must name an active public client of a partner."));
        String normalised = origin == null ? "" : origin.toLowerCase(java.util.Locale.ROOT);
        if (!client.allowedOrigins().contains(normalised)) {
            throw new ApiException(HttpStatus.FORBIDDEN, "origin_not_allowed", "This Origin may not create sessions for this client.");
        }
        SessionService.EmbeddedSession embedded = sessions.createEmbedded(client.tenant().get(), UUID.fromString(client.clientId()),
                new NewSession(body.productId(), Optional.ofNullable(body.externalReference()), Optional.empty(), Optional.empty(),
                        Optional.empty(), java.util.Map.of()), normalised);
        ConsentSession session = embedded.session();
        String sessionUrl = urls.sessionBase() + "/" + session.id() + "?embed=" + embedded.embedToken();
        return ResponseEntity.status(HttpStatus.CREATED)
                .header("Access-Control-Allow-Origin", normalised).header("Vary", "Origin")
                .body(new EmbedResponse(session.id().toString(), sessionUrl, embedded.embedToken(), session.expiresAt(),
                        session.status().wireName()));
    }
}
