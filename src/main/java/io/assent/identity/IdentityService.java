package io.assent.identity;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.validation.EmailAddress;
import io.assent.platform.validation.PhoneNumber;

/**
 * Accounts of the built-in identity provider (D5): opening them and checking their passwords.
 */
@Service
public class IdentityService {

    public static final int MIN_PASSWORD_LENGTH = 8;
    public static final int MAX_PASSWORD_LENGTH = 128;

    private final UserRepository users;
    private final PasswordHasher passwords;
    private final IdGenerator ids;
    private final Clock clock;

    public IdentityService(UserRepository users, PasswordHasher passwords, IdGenerator ids, Clock clock) {
        this.users = users;
        this.passwords = passwords;
        this.ids = ids;
        this.clock = clock;
    }

    @Transactional
    public UserAccount create(NewUser request) {
        List<FieldProblem> problems = new ArrayList<>();
        Optional<EmailAddress> email = EmailAddress.parse(request.email());
        if (email.isEmpty()) {
            problems.add(new FieldProblem("email", "must be an e-mail address"));
        }
        String password = request.password() == null ? "" : request.password();
        if (password.length() < MIN_PASSWORD_LENGTH || password.length() > MAX_PASSWORD_LENGTH) {
            problems.add(new FieldProblem("password",
                    "must be " + MIN_PASSWORD_LENGTH + " to " + MAX_PASSWORD_LENGTH + " characters"));
        }
        nameProblem("first_name", request.firstName()).ifPresent(problems::add);
        nameProblem("last_name", request.lastName()).ifPresent(problems::add);
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The account is not valid.", problems);
        }
        if (users.findByEmail(email.get().value()).isPresent()) {
            throw ApiException.conflict("conflict", "An account with this e-mail address already exists.");
        }
        Instant now = clock.instant();
        UserAccount user = new UserAccount(ids.newId(), email.get().value(), request.accountType(),
                request.firstName().map(String::strip), request.lastName().map(String::strip), Optional.empty(),
                true, now, now);
        try {
            users.insert(user, passwords.hash(password));
        } catch (DuplicateKeyException raced) {
            throw ApiException.conflict("conflict", "An account with this e-mail address already exists.");
        }
        return user;
    }

    /**
     * Replaces the account's personal fields (D17): names of 1 to 200 characters or none, a phone in
     * E.164 form or none, and an e-mail address no other account has (409 {@code conflict}).
     */
    @Transactional
    public UserAccount updateProfile(UUID id, ProfileChange change) {
        UserAccount current = users.find(id).orElseThrow(ApiException::notFound);
        List<FieldProblem> problems = new ArrayList<>();
        Optional<EmailAddress> email = EmailAddress.parse(change.email());
        if (email.isEmpty()) {
            problems.add(new FieldProblem("email", "must be an e-mail address"));
        }
        if (change.phone().isPresent() && PhoneNumber.parse(change.phone().get()).isEmpty()) {
            problems.add(new FieldProblem("phone", "must be a phone number in E.164 form, such as +447700900123"));
        }
        nameProblem("first_name", change.firstName()).ifPresent(problems::add);
        nameProblem("last_name", change.lastName()).ifPresent(problems::add);
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The profile is not valid.", problems);
        }
        String newEmail = email.get().value();
        if (!newEmail.equals(current.email()) && users.findByEmail(newEmail).isPresent()) {
            throw ApiException.conflict("conflict", "An account with this e-mail address already exists.");
        }
        UserAccount updated = new UserAccount(id, newEmail, current.accountType(), change.firstName().map(String::strip),
                change.lastName().map(String::strip), change.phone(), current.active(), current.createdAt(), clock.instant());
        try {
            users.updateProfile(updated);
        } catch (DuplicateKeyException raced) {
            throw ApiException.conflict("conflict", "An account with this e-mail address already exists.");
        }
        return updated;
    }

    /**
     * Disables the account with this e-mail address: it cannot sign in, and its access tokens are
     * refused within the bound of the bearer check's status cache.
     */
    @Transactional
    public UserAccount disable(String email) {
        UserAccount user = findByEmail(email).orElseThrow(ApiException::notFound);
        users.setActive(user.id(), false, clock.instant());
        return users.find(user.id()).orElseThrow();
    }

    /** Whether the account exists and is active; the bearer check asks this for user tokens. */
    public boolean isActive(UUID id) {
        return users.isActive(id);
    }

    public Optional<UserAccount> find(UUID id) {
        return users.find(id);
    }

    public Optional<UserAccount> findByEmail(String email) {
        return EmailAddress.parse(email).flatMap(e -> users.findByEmail(e.value()));
    }

    /** The active account with this e-mail address and password; nothing for anything else. */
    public Optional<UserAccount> verifyPassword(String email, String password) {
        Optional<UserAccount> user = findByEmail(email).filter(UserAccount::active);
        String given = password == null ? "" : password;
        if (user.isEmpty()) {
            passwords.burn(given);
            return Optional.empty();
        }
        String hash = users.passwordHash(user.get().id()).orElseThrow();
        return passwords.matches(given, hash) ? user : Optional.empty();
    }

    private static Optional<FieldProblem> nameProblem(String field, Optional<String> value) {
        return value.filter(v -> v.isBlank() || v.strip().length() > 200)
                .map(v -> new FieldProblem(field, "must be 1 to 200 characters"));
    }
}
