package io.assent.platform.security;

import java.util.stream.Collectors;

import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * A verified {@link Caller} inside Spring Security. Each scope becomes a {@code SCOPE_x}
 * authority, so controllers guard themselves with {@code hasAuthority('SCOPE_x')}.
 */
public class CallerAuthentication extends AbstractAuthenticationToken {

    private final Caller caller;

    public CallerAuthentication(Caller caller) {
        super(caller.scopes().stream().map(s -> new SimpleGrantedAuthority("SCOPE_" + s)).collect(Collectors.toSet()));
        this.caller = caller;
        setAuthenticated(true);
    }

    @Override
    public Caller getPrincipal() {
        return caller;
    }

    @Override
    public Object getCredentials() {
        return "";
    }

    @Override
    public String getName() {
        return caller.key();
    }
}
