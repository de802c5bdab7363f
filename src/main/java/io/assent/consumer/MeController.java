package io.assent.consumer;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.assent.identity.IdentityService;
import io.assent.identity.UserAccount;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.security.Caller;
import io.assent.platform.security.Scopes;

/**
 * {@code GET {base_url}/me} (D12): who the bearer of any valid token is.
 */
@RestController
public class MeController {

    private final IdentityService identity;

    public MeController(IdentityService identity) {
        this.identity = identity;
    }

    @GetMapping(PublicUrls.API_PREFIX + "/me")
    public Map<String, Object> me(@AuthenticationPrincipal Caller caller) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("sub", caller.userId().map(Object::toString).orElse(caller.clientId()));
        body.put("account_type", caller.userId().flatMap(identity::find).map(UserAccount::accountType)
                .map(type -> type.wireName()).orElse(null));
        body.put("client_id", caller.clientId());
        body.put("scope", Scopes.format(caller.scopes()));
        body.put("exp", caller.expiresAt().map(java.time.Instant::getEpochSecond).orElse(null));
        return body;
    }
}
