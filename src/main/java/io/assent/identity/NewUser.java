package io.assent.identity;

import java.util.Optional;

/** What it takes to open an account. */
public record NewUser(String email, String password, AccountType accountType,
                      Optional<String> firstName, Optional<String> lastName) {
}
