package io.assent.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import io.assent.partners.ClientCredentials;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;

/**
 * Walks every route of the API: without credentials each is 401 (but the few the spec opens), each
 * declares the scope it needs, and a token without that scope is 403.
 */
class RouteSecurityTest extends ApiTest {

    private static final Set<String> OPEN = Set.of(
            "GET /api/public/v1/health", "GET /api/public/v1/openapi.json", "GET /api/public/v1/oauth/metadata",
            "GET /api/public/v1/oauth/jwks", "GET /api/public/v1/.well-known/openid-configuration",
            "POST /api/public/v1/sessions/embed", "POST /api/public/v1/oauth/token");
    /** Routes any valid token may call (spec: GET /me), or that exist only in tests. */
    private static final Set<String> ANY_TOKEN = Set.of("GET /api/public/v1/me");
    private static final Pattern SCOPE = Pattern.compile("hasAuthority\\('SCOPE_([a-z.]+)'\\)");

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    private RequestMappingHandlerMapping mappings;

    record Route(String method, String pattern, HandlerMethod handler) {
        String key() {
            return method + " " + pattern;
        }

        String path() {
            return pattern.replaceAll("\\{[^}]+}", UUID.randomUUID().toString());
        }
    }

    @Test
    void everyRouteWithoutCredentialsIs401() {
        List<Route> routes = apiRoutes();
        assertThat(routes).extracting(Route::key).contains("GET /api/public/v1/me", "POST /api/public/v1/oauth/revoke");
        for (Route route : routes) {
            if (OPEN.contains(route.key())) {
                continue;
            }
            ApiResponse response = api().method(route.method(), route.path()).json("{}").unvalidated().send();
            assertThat(response.status()).as(route.key()).isEqualTo(401);
            assertThat(response.header("WWW-Authenticate")).as(route.key()).isNotNull();
        }
    }

    @Test
    void everyProtectedRouteDeclaresItsScopeAndRefusesTokensWithoutIt() throws Exception {
        for (Route route : apiRoutes()) {
            if (OPEN.contains(route.key()) || ANY_TOKEN.contains(route.key()) || route.pattern().startsWith("/api/public/v1/oauth/")
                    || route.pattern().startsWith("/api/public/v1/test-probe/")) {
                continue;
            }
            PreAuthorize guard = route.handler().getMethodAnnotation(PreAuthorize.class);
            assertThat(guard).as(route.key() + " declares its scope with @PreAuthorize").isNotNull();
            Matcher scope = SCOPE.matcher(guard.value());
            assertThat(scope.find()).as(route.key()).isTrue();
            // With a key: an @Idempotent POST checks for its Idempotency-Key before the handler's scope check runs.
            ApiResponse response = api().method(route.method(), route.path()).bearer(tokenWithout(scope.group(1)))
                    .header("Idempotency-Key", UUID.randomUUID().toString()).json("{}").unvalidated().send();
            assertThat(response.status()).as(route.key()).isEqualTo(403);
            assertThat(response.errorCode()).as(route.key()).isEqualTo("insufficient_scope");
        }
    }

    private String tokenWithout(String scope) throws Exception {
        if (Scopes.PARTNER.contains(scope)) {
            Set<String> others = new LinkedHashSet<>(Scopes.PARTNER);
            others.remove(scope);
            ClientCredentials client = fixtures.partnerClient(fixtures.partner(), Environment.SANDBOX, others);
            return oauth().clientCredentials(client, null).getTokens().getAccessToken().getValue();
        }
        Set<String> others = new LinkedHashSet<>(Scopes.CONSUMER);
        others.remove(scope);
        String scopes = String.join(" ", others);
        var app = oauth().publicApp("https://app.example/cb", scopes);
        return oauth().signInAndExchange(app, "https://app.example/cb", scopes).getTokens().getAccessToken().getValue();
    }

    private List<Route> apiRoutes() {
        List<Route> routes = new ArrayList<>();
        mappings.getHandlerMethods().forEach((RequestMappingInfo info, HandlerMethod handler) -> {
            for (String pattern : info.getPatternValues()) {
                if (!pattern.startsWith("/api/public/v1/")) {
                    continue;
                }
                Set<RequestMethod> methods = info.getMethodsCondition().getMethods();
                for (RequestMethod method : methods.isEmpty() ? Set.of(RequestMethod.GET) : methods) {
                    routes.add(new Route(method.name(), pattern, handler));
                }
            }
        });
        return routes;
    }
}
