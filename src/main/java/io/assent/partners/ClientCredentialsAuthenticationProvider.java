package io.assent.partners;

import java.util.Optional;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Component;

import io.assent.platform.security.Caller;
import io.assent.platform.security.CallerAuthentication;

/**
 * HTTP Basic client credentials on the API, where D4 accepts them: the caller is the client, with
 * its registered scopes.
 */
@Component
public class ClientCredentialsAuthenticationProvider implements AuthenticationProvider {

    private final ClientService clients;

    public ClientCredentialsAuthenticationProvider(ClientService clients) {
        this.clients = clients;
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String clientId = authentication.getName();
        Object secret = authentication.getCredentials();
        Client client = clients.authenticate(clientId, secret == null ? null : secret.toString())
                .orElseThrow(() -> new BadCredentialsException("invalid client credentials"));
        return new CallerAuthentication(new Caller(client.clientId(), Optional.empty(), client.tenant(), client.scopes(),
                Optional.empty()));
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
