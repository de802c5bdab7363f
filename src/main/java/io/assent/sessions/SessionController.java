package io.assent.sessions;

import java.net.URI;
import java.util.Map;
import java.util.Optional;

import org.springframework.http.ResponseEntity;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;
import io.assent.platform.idempotency.Idempotent;
import io.assent.platform.security.Caller;
import io.assent.platform.security.Tenant;

/** The partner's session operations (spec "Sessions (partner)", D7), with bearer tokens or Basic client credentials. */
@RestController
public class SessionController {

    static final String SESSIONS = PublicUrls.API_PREFIX + "/sessions";

    /** The creation request: the spec's fields and D7's. */
    public record CreateSessionBody(String productId, String externalReference, String returnUrl, Integer expiresIn,
                                    String consumerHint, Map<String, String> metadata) {
    }

    private final SessionService sessions;
    private final PublicUrls urls;

    public SessionController(SessionService sessions, PublicUrls urls) {
        this.sessions = sessions;
        this.urls = urls;
    }

    @Idempotent
    @PostMapping(SESSIONS)
    @PreAuthorize("hasAuthority('SCOPE_sessions.create')")
    public ResponseEntity<SessionResponse> create(@AuthenticationPrincipal Caller caller, @RequestBody CreateSessionBody body) {
        Tenant tenant = tenant(caller);
        ConsentSession session = sessions.create(tenant, java.util.UUID.fromString(caller.clientId()), new NewSession(
                body.productId(), Optional.ofNullable(body.externalReference()), Optional.ofNullable(body.returnUrl()),
                Optional.ofNullable(body.expiresIn()), Optional.ofNullable(body.consumerHint()),
                body.metadata() == null ? Map.of() : body.metadata()), CollectionMethod.SESSION_PAGE, Optional.empty());
        return ResponseEntity.created(URI.create(SESSIONS + "/" + session.id())).body(SessionResponse.of(session, urls));
    }

    @GetMapping(SESSIONS + "/{id}")
    @PreAuthorize("hasAuthority('SCOPE_sessions.read')")
    public SessionResponse read(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return SessionResponse.of(sessions.forPartner(tenant(caller), id), urls);
    }

    @GetMapping(SESSIONS + "/{id}/data")
    @PreAuthorize("hasAuthority('SCOPE_sessions.read')")
    public ConsentedData data(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return sessions.data(tenant(caller), caller.clientId(), id);
    }

    @PostMapping(SESSIONS + "/{id}/revoke")
    @PreAuthorize("hasAuthority('SCOPE_sessions.revoke')")
    public SessionResponse revoke(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return SessionResponse.of(sessions.revokeByPartner(tenant(caller), id), urls);
    }

    /** Only partner clients have a tenant; for anyone else no session exists. */
    private static Tenant tenant(Caller caller) {
        return caller.tenant().orElseThrow(ApiException::notFound);
    }
}
