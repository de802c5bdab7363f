package io.assent.identity;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

import io.assent.platform.error.ApiErrorMapper;
import io.assent.platform.error.ApiException;
import io.assent.platform.ratelimit.FailureThrottle;

/**
 * Password sign-in at the built-in identity provider, for the IdP API and the pages alike. Wrong
 * passwords are counted per account and per IP address (D14): after 5 failures for one account
 * (or 30 from one address) attempts are refused with 429 until failures age out. A success is
 * published as {@link SignedIn}.
 */
@Service
public class SignInService {

    private final IdentityService identity;
    private final FailureThrottle perAccount;
    private final FailureThrottle perAddress;
    private final ApplicationEventPublisher events;

    public SignInService(IdentityService identity, Clock clock, ApplicationEventPublisher events) {
        this.identity = identity;
        this.events = events;
        this.perAccount = new FailureThrottle(5, Duration.ofMinutes(3), clock);
        this.perAddress = new FailureThrottle(30, Duration.ofSeconds(20), clock);
    }

    public UserAccount signIn(String email, String password, String remoteAddress) {
        String account = email == null ? "" : email.strip().toLowerCase(Locale.ROOT);
        if (perAccount.isBlocked(account) || perAddress.isBlocked(remoteAddress)) {
            throw new ApiException(HttpStatus.TOO_MANY_REQUESTS, "rate_limited",
                    "Too many failed sign-ins; wait a few minutes and try again.", List.of(), Map.of("Retry-After", "180"));
        }
        UserAccount user = identity.verifyPassword(account, password).orElseGet(() -> {
            perAccount.recordFailure(account);
            perAddress.recordFailure(remoteAddress);
            throw ApiErrorMapper.unauthorized("The e-mail address or password is wrong.");
        });
        events.publishEvent(new SignedIn(user));
        return user;
    }
}
