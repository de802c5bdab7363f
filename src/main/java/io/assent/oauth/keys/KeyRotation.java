package io.assent.oauth.keys;

import java.util.Optional;

/**
 * What a rotation did: the key that is now current, and the key it retired (none when the
 * installation had no key yet).
 */
public record KeyRotation(SigningKey current, Optional<String> retiredKid) {
}
