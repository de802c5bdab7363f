package io.assent.consumer;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The body of {@code PATCH /me/profile} (D12, D17). A field left out is kept, JSON {@code null}
 * clears it, a value replaces it; Jackson calls a setter only for a field that is in the JSON, so
 * the setters record which fields were sent (a record cannot tell "left out" from "null"). Any
 * other field is refused by the strict JSON reader, naming it.
 */
public final class ProfilePatch {

    private final Set<String> sent = new LinkedHashSet<>();
    private String firstName;
    private String lastName;
    private String phone;
    private String email;

    public void setFirstName(String firstName) {
        this.firstName = firstName;
        sent.add("first_name");
    }

    public void setLastName(String lastName) {
        this.lastName = lastName;
        sent.add("last_name");
    }

    public void setPhone(String phone) {
        this.phone = phone;
        sent.add("phone");
    }

    public void setEmail(String email) {
        this.email = email;
        sent.add("email");
    }

    boolean sent(String field) {
        return sent.contains(field);
    }

    String firstName() {
        return firstName;
    }

    String lastName() {
        return lastName;
    }

    String phone() {
        return phone;
    }

    String email() {
        return email;
    }
}
