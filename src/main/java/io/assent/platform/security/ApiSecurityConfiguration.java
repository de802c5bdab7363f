package io.assent.platform.security;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import java.util.List;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.security.web.header.writers.DelegatingRequestMatcherHeaderWriter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;
import org.springframework.security.web.header.writers.StaticHeadersWriter;
import org.springframework.security.web.header.writers.frameoptions.XFrameOptionsHeaderWriter;
import org.springframework.security.web.util.matcher.RequestMatcher;

import io.assent.platform.config.PublicUrls;

/**
 * Authentication for the versioned API: stateless, credentials on every request, failures in the
 * D3 format. Features contribute {@link AuthenticationProvider}s (client credentials, tokens) and
 * guard their operations with {@code @PreAuthorize("hasAuthority('SCOPE_...')")}; the few
 * operations anyone may call are listed in {@link #OPEN_API_PATHS}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
@EnableMethodSecurity
public class ApiSecurityConfiguration {

    /**
     * Endpoints that authenticate their callers themselves, as their RFCs say (client credentials in
     * the body, IdP tokens), or take no credentials at all: no API authentication runs for them.
     */
    static final String[] SELF_AUTHENTICATING_PATHS = {
            PublicUrls.API_PREFIX + "/oauth/**",
            PublicUrls.API_PREFIX + "/.well-known/**",
            "/idp/**",
    };

    /** API operations that take no credentials (spec "Schemes": none). */
    static final String[] OPEN_API_PATHS = {
            PublicUrls.API_PREFIX + "/health",
            PublicUrls.API_PREFIX + "/openapi.json",
            PublicUrls.API_PREFIX + "/sessions/embed",
    };

    @Bean
    AuthenticationManager apiAuthenticationManager(List<AuthenticationProvider> providers) {
        ProviderManager manager = new ProviderManager(providers);
        manager.setEraseCredentialsAfterAuthentication(true);
        return manager;
    }

    @Bean
    @Order(0)
    SecurityFilterChain selfAuthenticatingSecurity(HttpSecurity http) throws Exception {
        return http
                .securityMatcher(SELF_AUTHENTICATING_PATHS)
                .csrf(csrf -> csrf.disable())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .anonymous(anonymous -> anonymous.disable())
                .authorizeHttpRequests(auth -> auth.anyRequest().permitAll())
                .build();
    }

    /** D4: HTTP Basic client credentials are accepted on the session operations (besides the OAuth endpoints). */
    static final String BASIC_ACCEPTED_PATHS = PublicUrls.API_PREFIX + "/sessions/**";

    @Bean
    @Order(1)
    SecurityFilterChain sessionsSecurity(HttpSecurity http, ApiAuthenticationEntryPoint failures,
                                         AuthenticationManager authenticationManager) throws Exception {
        http.securityMatcher(BASIC_ACCEPTED_PATHS).httpBasic(basic -> basic.authenticationEntryPoint(failures));
        return api(http, failures, authenticationManager);
    }

    @Bean
    @Order(2)
    SecurityFilterChain apiSecurity(HttpSecurity http, ApiAuthenticationEntryPoint failures,
                                    AuthenticationManager authenticationManager) throws Exception {
        return api(http.securityMatcher("/api/**"), failures, authenticationManager);
    }

    private static SecurityFilterChain api(HttpSecurity http, ApiAuthenticationEntryPoint failures,
                                           AuthenticationManager authenticationManager) throws Exception {
        return http
                .csrf(csrf -> csrf.disable())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .authenticationManager(authenticationManager)
                .authorizeHttpRequests(auth -> auth
                        .requestMatchers(OPEN_API_PATHS).permitAll()
                        .anyRequest().authenticated())
                .oauth2ResourceServer(bearer -> bearer
                        .authenticationManagerResolver(request -> authenticationManager)
                        .authenticationEntryPoint(failures)
                        .accessDeniedHandler(failures))
                .exceptionHandling(e -> e.authenticationEntryPoint(failures).accessDeniedHandler(failures))
                .build();
    }

    /** The Content-Security-Policy of every page, before its frame-ancestors directive. */
    public static final String PAGE_POLICY = "default-src 'self'; base-uri 'none'; object-src 'none'";

    /**
     * A request attribute naming the one origin that may frame this page (a session page opened
     * from an embed session, D19); the page then sets its own policy and no X-Frame-Options.
     */
    public static final String FRAMED_BY = "assent.framed-by";

    private static final RequestMatcher NOT_FRAMED = request -> request.getAttribute(FRAMED_BY) == null;

    /**
     * Pages (D19): signed in by a cookie of the identity provider (so no server-side session, any
     * node serves any page), CSRF tokens in a cookie for every form, strict security headers.
     */
    @Bean
    @Order(100)
    SecurityFilterChain pageSecurity(HttpSecurity http) throws Exception {
        return http
                .authorizeHttpRequests(auth -> auth.anyRequest().permitAll())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .csrf(csrf -> csrf.csrfTokenRepository(new CookieCsrfTokenRepository()))
                .headers(headers -> headers
                        .frameOptions(frame -> frame.disable())
                        .addHeaderWriter(new DelegatingRequestMatcherHeaderWriter(NOT_FRAMED,
                                new XFrameOptionsHeaderWriter(XFrameOptionsHeaderWriter.XFrameOptionsMode.DENY)))
                        .addHeaderWriter(new DelegatingRequestMatcherHeaderWriter(NOT_FRAMED,
                                new StaticHeadersWriter("Content-Security-Policy", PAGE_POLICY + "; frame-ancestors 'none'")))
                        .referrerPolicy(referrer -> referrer.policy(ReferrerPolicyHeaderWriter.ReferrerPolicy.NO_REFERRER)))
                .build();
    }
}
