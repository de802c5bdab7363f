package io.assent.opportunities;

import java.util.Objects;

/**
 * Who makes a change to an opportunity, as the timeline and the notes name them (D18): the
 * system, the API client by its client id, or a staff member of the partner portal by e-mail.
 *
 * @param name the value written to {@code actor} and {@code author}
 */
public record Actor(String name) {

    public static final Actor SYSTEM = new Actor("system");

    public Actor {
        Objects.requireNonNull(name, "name");
    }

    /** An API call through this OAuth client. */
    public static Actor client(String clientId) {
        return new Actor(clientId);
    }

    /** A member of the partner's staff, in the partner portal. */
    public static Actor staff(String email) {
        return new Actor(email);
    }
}
