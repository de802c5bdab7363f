package io.assent.partnerportal;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.ResponseCookie;
import org.springframework.stereotype.Component;

import io.assent.oauth.keys.SecretSeal;
import io.assent.platform.config.PublicUrls;

/**
 * Shows a new secret (client secret, webhook signing secret) exactly once, across the redirect
 * after the form that made it (D19: no secret in any URL; pages keep nothing on the server, so any
 * node serves the next page). The secret travels sealed with the service's master key in a
 * short-lived HttpOnly cookie bound to the one page that shows it and to the staff member; that page
 * takes it and clears the cookie, so a reload no longer shows it.
 */
@Component
class OneTimeSecret {

    static final String COOKIE = "assent_once";
    private static final Duration LIFETIME = Duration.ofMinutes(2);

    private final SecretSeal seal;
    private final boolean secure;

    OneTimeSecret(SecretSeal seal, PublicUrls urls) {
        this.seal = seal;
        this.secure = urls.publicUrl().startsWith("https://");
    }

    /** Keeps the secret for the next view of {@code page} by this staff member. */
    void keep(HttpServletResponse response, Portal portal, String page, String secret) {
        write(response, page, seal.seal(secret, label(portal, page)), LIFETIME);
    }

    /** The secret kept for this page and staff member, once; the cookie is cleared either way. */
    Optional<String> take(HttpServletRequest request, HttpServletResponse response, Portal portal, String page) {
        Optional<String> sealed = Optional.ofNullable(request.getCookies()).stream().flatMap(Arrays::stream)
                .filter(c -> COOKIE.equals(c.getName())).map(Cookie::getValue).findFirst();
        sealed.ifPresent(s -> write(response, page, "", Duration.ZERO));
        return sealed.flatMap(s -> seal.open(s, label(portal, page)));
    }

    private void write(HttpServletResponse response, String path, String value, Duration maxAge) {
        response.addHeader("Set-Cookie", ResponseCookie.from(COOKIE, value).httpOnly(true).secure(secure)
                .sameSite("Strict").path(path).maxAge(maxAge).build().toString());
    }

    private static String label(Portal portal, String page) {
        return "portal-once/" + portal.account().id() + page;
    }
}
