package io.assent.consumer;

import java.util.HashSet;
import java.util.Set;

/**
 * The body of {@code PATCH /me/contacts/{id}}: {@code value}, {@code label} (null clears it) and
 * {@code is_primary}. The setters record which fields were sent (see {@link ProfilePatch}); the
 * kind of a contact does not change (delete it and add another).
 */
public final class ContactPatch {

    private final Set<String> sent = new HashSet<>();
    private String value;
    private String label;
    private Boolean isPrimary;

    public void setValue(String value) {
        this.value = value;
        sent.add("value");
    }

    public void setLabel(String label) {
        this.label = label;
        sent.add("label");
    }

    public void setIsPrimary(Boolean isPrimary) {
        this.isPrimary = isPrimary;
        sent.add("is_primary");
    }

    boolean sent(String field) {
        return sent.contains(field);
    }

    String value() {
        return value;
    }

    String label() {
        return label;
    }

    Boolean isPrimary() {
        return isPrimary;
    }
}
