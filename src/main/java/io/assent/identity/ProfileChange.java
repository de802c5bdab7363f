package io.assent.identity;

import java.util.Optional;

/** The whole new state of an account's personal fields, as the account holder wants it (D17). */
public record ProfileChange(Optional<String> firstName, Optional<String> lastName, Optional<String> phone, String email) {
}
