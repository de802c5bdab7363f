package io.assent.oauth;

import java.util.Set;

import io.assent.partners.Client;

/** What an authorization request turned out to be, once its client and redirect URI are trusted. */
public sealed interface AuthorizationCheck {

    /** A request the consumer can approve or deny. */
    record Valid(AuthorizationRequest request, Client client, Set<String> scopes) implements AuthorizationCheck {
    }

    /** A request with a fault that is reported to the client at its (verified) redirect URI. */
    record Refused(String redirectTo) implements AuthorizationCheck {
    }
}
