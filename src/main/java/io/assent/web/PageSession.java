package io.assent.web;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.ResponseCookie;
import org.springframework.stereotype.Component;

import io.assent.identity.IdentityService;
import io.assent.identity.UserAccount;
import io.assent.oauth.TokenMinter;
import io.assent.oauth.TokenProfile;
import io.assent.oauth.TokenVerifier;
import io.assent.platform.config.PublicUrls;

/**
 * Who is signed in on the pages (D19): an IdP token in an HttpOnly, SameSite=Lax cookie (Secure
 * under https). Nothing is kept on the server, so any node serves any page. The token is renewed on
 * every page view, which makes the 30-minute lifetime an idle timeout.
 */
@Component
public class PageSession {

    static final String COOKIE = "assent_session";
    static final Duration IDLE_TIMEOUT = Duration.ofMinutes(30);

    private final TokenMinter minter;
    private final TokenVerifier verifier;
    private final IdentityService identity;
    private final boolean secure;

    public PageSession(TokenMinter minter, TokenVerifier verifier, IdentityService identity, PublicUrls urls) {
        this.minter = minter;
        this.verifier = verifier;
        this.identity = identity;
        this.secure = urls.publicUrl().startsWith("https://");
    }

    /** The signed-in, active user, with the cookie renewed; empty when nobody is signed in. */
    public Optional<UserAccount> currentUser(HttpServletRequest request, HttpServletResponse response) {
        Optional<UserAccount> user = Optional.ofNullable(request.getCookies()).stream()
                .flatMap(Arrays::stream)
                .filter(cookie -> COOKIE.equals(cookie.getName()))
                .map(Cookie::getValue)
                .findFirst()
                .flatMap(token -> verifier.verify(token, TokenProfile.IDP))
                .flatMap(token -> token.userId())
                .flatMap(identity::find)
                .filter(UserAccount::active);
        user.ifPresent(u -> signIn(response, u));
        return user;
    }

    public void signIn(HttpServletResponse response, UserAccount user) {
        write(response, minter.idpToken(user.id(), IDLE_TIMEOUT).value(), IDLE_TIMEOUT);
    }

    public void signOut(HttpServletResponse response) {
        write(response, "", Duration.ZERO);
    }

    private void write(HttpServletResponse response, String value, Duration maxAge) {
        response.addHeader("Set-Cookie", ResponseCookie.from(COOKIE, value)
                .httpOnly(true).secure(secure).sameSite("Lax").path("/").maxAge(maxAge).build().toString());
    }
}
