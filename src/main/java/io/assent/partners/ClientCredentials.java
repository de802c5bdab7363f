package io.assent.partners;

import java.util.Optional;

/** A client's id and, for confidential clients, the secret shown this once. */
public record ClientCredentials(String clientId, Optional<String> clientSecret) {
}
