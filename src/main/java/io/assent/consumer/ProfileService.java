package io.assent.consumer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.assent.identity.IdentityService;
import io.assent.identity.ProfileChange;
import io.assent.identity.UserAccount;
import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;

/**
 * The consumer's own profile (D12, D17): reading it and changing the personal fields, with a
 * {@code profile_updated} history entry naming the changed fields (never their values) in the
 * same transaction. The rules of each field belong to the identity provider's accounts.
 */
@Service
public class ProfileService {

    private final IdentityService identity;
    private final HistoryService history;

    public ProfileService(IdentityService identity, HistoryService history) {
        this.identity = identity;
        this.history = history;
    }

    public ProfileView read(UserAccount consumer) {
        return ProfileView.of(consumer);
    }

    @Transactional
    public ProfileView update(UserAccount consumer, ProfilePatch patch) {
        if (patch.sent("email") && patch.email() == null) {
            throw ApiException.validationFailed("The profile is not valid.",
                    List.of(new FieldProblem("email", "cannot be removed")));
        }
        Optional<String> firstName = patch.sent("first_name") ? Optional.ofNullable(patch.firstName()) : consumer.firstName();
        Optional<String> lastName = patch.sent("last_name") ? Optional.ofNullable(patch.lastName()) : consumer.lastName();
        Optional<String> phone = patch.sent("phone") ? Optional.ofNullable(patch.phone()) : consumer.phone();
        String email = patch.sent("email") ? patch.email() : consumer.email();
        UserAccount updated = identity.updateProfile(consumer.id(), new ProfileChange(firstName, lastName, phone, email));
        List<String> changed = new ArrayList<>();
        addIfChanged(changed, "first_name", consumer.firstName(), updated.firstName());
        addIfChanged(changed, "last_name", consumer.lastName(), updated.lastName());
        addIfChanged(changed, "phone", consumer.phone(), updated.phone());
        addIfChanged(changed, "email", Optional.of(consumer.email()), Optional.of(updated.email()));
        if (!changed.isEmpty()) {
            history.record(consumer.id(), "profile_updated", HistoryService.Actor.CONSUMER,
                    "You changed your " + String.join(", ", changed).replace('_', ' ') + ".",
                    Map.of("fields", changed));
        }
        return ProfileView.of(updated);
    }

    private static void addIfChanged(List<String> changed, String field, Optional<String> before, Optional<String> after) {
        if (!Objects.equals(before, after)) {
            changed.add(field);
        }
    }
}
