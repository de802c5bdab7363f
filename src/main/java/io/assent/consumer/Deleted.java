package io.assent.consumer;

/** The answer of a DELETE under {@code /me} (D17): {@code {"id":...,"deleted":true}}. */
public record Deleted(String id, boolean deleted) {

    static Deleted of(java.util.UUID id) {
        return new Deleted(id.toString(), true);
    }
}
