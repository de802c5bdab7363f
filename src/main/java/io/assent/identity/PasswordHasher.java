package io.assent.identity;

import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.stereotype.Component;

/**
 * Argon2id password hashes (D4), with Spring Security's current recommended parameters. A check
 * against an account that does not exist still costs one hash, so timing does not reveal accounts.
 */
@Component
public class PasswordHasher {

    private final Argon2PasswordEncoder encoder = Argon2PasswordEncoder.defaultsForSpringSecurity_v5_8();
    private final String decoy = encoder.encode("decoy password for unknown accounts");

    public String hash(String password) {
        return encoder.encode(password);
    }

    public boolean matches(String password, String hash) {
        return encoder.matches(password, hash);
    }

    /** Spends the time of one check, for requests about accounts that do not exist. */
    public void burn(String password) {
        encoder.matches(password, decoy);
    }
}
