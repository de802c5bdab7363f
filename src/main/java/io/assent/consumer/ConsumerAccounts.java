package io.assent.consumer;

import org.springframework.stereotype.Component;

import io.assent.identity.IdentityService;
import io.assent.identity.UserAccount;
import io.assent.platform.error.ApiException;
import io.assent.platform.security.Caller;

/** The consumer behind a user token, for the {@code /me} operations. */
@Component
public class ConsumerAccounts {

    private final IdentityService identity;

    public ConsumerAccounts(IdentityService identity) {
        this.identity = identity;
    }

    /** The caller's own account; a token without a user (a client's own token) has no {@code /me}. */
    public UserAccount of(Caller caller) {
        return caller.userId().flatMap(identity::find).filter(UserAccount::active)
                .orElseThrow(() -> new ApiException(org.springframework.http.HttpStatus.FORBIDDEN, "forbidden",
                        "This operation needs a consumer's token."));
    }
}
