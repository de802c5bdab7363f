package io.assent.consumer;

/** The body of {@code POST /me/contacts}; {@code is_primary} defaults to false. */
public record NewContact(String kind, String value, String label, Boolean isPrimary) {
}
