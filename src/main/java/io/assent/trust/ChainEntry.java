package io.assent.trust;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * One thing appended to a consumer's chain (D20): a history event or a grant access, as the values
 * stored in its row. {@link #document()} is what the hash covers (in {@link CanonicalJson}).
 *
 * @param kind    which record it is ({@code history_event} or {@code grant_access})
 * @param id      the record's id
 * @param content the record's stored fields, {@code id} included
 */
public record ChainEntry(String kind, UUID id, Map<String, Object> content) {

    public static final String HISTORY_EVENT = "history_event";
    public static final String GRANT_ACCESS = "grant_access";

    public ChainEntry {
        content = Collections.unmodifiableMap(new LinkedHashMap<>(content));
    }

    /** The content with its kind: a record of one kind can never hash as a record of another. */
    public Map<String, Object> document() {
        Map<String, Object> document = new LinkedHashMap<>(content);
        document.put("kind", kind);
        return document;
    }
}
