package io.assent.sessions;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import io.assent.partners.ClientService;
import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorResponseWriter;

/**
 * CORS preflights of {@code POST /sessions/embed} (D7): answered only for Origins that some public
 * client allows (a preflight carries no body, so no client id); every other preflight is refused.
 */
@Component
@ConditionalOnWebApplication
@Order(Ordered.HIGHEST_PRECEDENCE + 20)
class EmbedCorsFilter extends OncePerRequestFilter {

    private final ClientService clients;
    private final ErrorResponseWriter errors;

    EmbedCorsFilter(ClientService clients, ErrorResponseWriter errors) {
        this.clients = clients;
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !("OPTIONS".equals(request.getMethod()) && EmbedController.PATH.equals(request.getRequestURI()));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String origin = request.getHeader("Origin");
        if (!clients.isOriginAllowedByAnyClient(origin)) {
            errors.write(response, new ApiException(org.springframework.http.HttpStatus.FORBIDDEN, "origin_not_allowed",
                    "This Origin may not create embedded sessions."));
            return;
        }
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
        response.setHeader("Access-Control-Allow-Origin", origin.toLowerCase(java.util.Locale.ROOT));
        response.setHeader("Access-Control-Allow-Methods", "POST");
        response.setHeader("Access-Control-Allow-Headers", "Content-Type");
        response.setHeader("Access-Control-Max-Age", "600");
        response.setHeader("Vary", "Origin");
    }
}
