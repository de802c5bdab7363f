package io.assent.consumer;

import java.time.Instant;

import io.assent.identity.UserAccount;

/** The Profile resource (spec, D17): the spec's fields plus {@code created_at}, {@code updated_at}. */
public record ProfileView(String userId, String firstName, String lastName, String email, String phone,
                          String accountType, String status, Instant createdAt, Instant updatedAt) {

    static ProfileView of(UserAccount user) {
        return new ProfileView(user.id().toString(), user.firstName().orElse(null), user.lastName().orElse(null),
                user.email(), user.phone().orElse(null), user.accountType().wireName(),
                user.active() ? "active" : "disabled", user.createdAt(), user.updatedAt());
    }
}
