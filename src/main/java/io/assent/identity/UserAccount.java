package io.assent.identity;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** A person with a sign-in at the built-in identity provider. */
public record UserAccount(UUID id, String email, AccountType accountType, Optional<String> firstName,
                          Optional<String> lastName, Optional<String> phone, boolean active,
                          Instant createdAt, Instant updatedAt) {
}
