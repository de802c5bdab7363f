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

    /** API operations that take no credentials (spec "Schemes": none) or check them themselves. */
    static final String[] OPEN_API_PATHS = {
            PublicUrls.API_PREFIX + "/health",
            PublicUrls.API_PREFIX + "/openapi.json",
            PublicUrls.API_PREFIX + "/oauth/**",
            PublicUrls.API_PREFIX + "/.well-known/**",
            PublicUrls.API_PREFIX + "/sessions/embed",
    };

    @Bean
    AuthenticationManager apiAuthenticationManager(List<AuthenticationProvider> providers) {
        ProviderManager manager = new ProviderManager(providers);
        manager.setEraseCredentialsAfterAuthentication(true);
        return manager;
    }

    @Bean
    @Order(1)
    SecurityFilterChain apiSecurity(HttpSecurity http, ApiAuthenticationEntryPoint failures,
                                    AuthenticationManager authenticationManager) throws Exception {
        return http
                .securityMatcher("/api/**")
                .csrf(csrf -> csrf.disable())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .authenticationManager(authenticationManager)
                .authorizeHttpRequests(auth -> auth
                        .requestMatchers(OPEN_API_PATHS).permitAll()
                        .anyRequest().authenticated())
                .httpBasic(basic -> basic.authenticationEntryPoint(failures))
                .exceptionHandling(e -> e.authenticationEntryPoint(failures).accessDeniedHandler(failures))
                .build();
    }

    @Bean
    @Order(100)
    SecurityFilterChain pageSecurity(HttpSecurity http) throws Exception {
        return http
                .authorizeHttpRequests(auth -> auth.anyRequest().permitAll())
                .csrf(csrf -> csrf.disable())
                .headers(headers -> headers.frameOptions(frame -> frame.deny()))
                .build();
    }
}
