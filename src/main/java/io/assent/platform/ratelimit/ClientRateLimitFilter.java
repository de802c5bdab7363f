package io.assent.platform.ratelimit;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Map;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import io.assent.platform.config.AssentProperties;
import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorResponseWriter;
import io.assent.platform.security.Caller;

/**
 * The per-client request limit of D14, with the {@code RateLimit-*} headers on every answer and
 * {@code Retry-After} on a 429.
 */
@Component
@ConditionalOnWebApplication
@Order(0)
public class ClientRateLimitFilter extends OncePerRequestFilter {

    private final RateLimiter limiter;
    private final ErrorResponseWriter errors;

    public ClientRateLimitFilter(AssentProperties properties, Clock clock, ErrorResponseWriter errors) {
        this.limiter = new RateLimiter(properties.limits().requestsPerSecond(), properties.limits().burst(), clock);
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication == null || !(authentication.getPrincipal() instanceof Caller caller)) {
            chain.doFilter(request, response);
            return;
        }
        RateLimiter.Decision decision = limiter.tryAcquire(caller.clientId());
        response.setHeader("RateLimit-Limit", Long.toString(decision.limit()));
        response.setHeader("RateLimit-Remaining", Long.toString(decision.remaining()));
        if (!decision.allowed()) {
            errors.write(response, new ApiException(HttpStatus.TOO_MANY_REQUESTS, "rate_limited",
                    "Too many requests from this client; retry after " + decision.retryAfterSeconds() + " s.",
                    List.of(), Map.of("Retry-After", Long.toString(decision.retryAfterSeconds()),
                            "RateLimit-Reset", Long.toString(decision.retryAfterSeconds()))));
            return;
        }
        chain.doFilter(request, response);
    }
}
