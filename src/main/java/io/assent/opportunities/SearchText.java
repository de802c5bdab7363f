package io.assent.opportunities;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The text {@code q} searches (D18), kept in {@code opportunities.search_text}: the external
 * reference, the metadata values, the note bodies and the task titles, lower-cased, one per line.
 * Storing it lower-cased lets a plain {@code like} be case-insensitive and lets one trigram index
 * on PostgreSQL serve it (V10).
 */
final class SearchText {

    /**
     * Shortest {@code q} accepted: three characters make a trigram, so every search can use the
     * index; a shorter one would walk all of a tenant's opportunities when it matches little.
     */
    static final int MIN_QUERY = 3;

    /** Longest {@code q} accepted; longer ones cannot be typed into a search box by accident. */
    static final int MAX_QUERY = 200;

    private SearchText() {
    }

    static String of(Optional<String> reference, Collection<String> metadataValues, Collection<String> noteBodies,
                     Collection<String> taskTitles) {
        return Stream.of(reference.stream(), metadataValues.stream(), noteBodies.stream(), taskTitles.stream())
                .flatMap(s -> s)
                .map(SearchText::normalise)
                .collect(Collectors.joining("\n"));
    }

    /** The {@code like} pattern for a search: the lower-cased text anywhere, its wildcards taken literally. */
    static String pattern(String query) {
        String escaped = normalise(query).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
        return "%" + escaped + "%";
    }

    // Root locale: the stored text and the query must lower-case alike whatever the server's locale.
    private static String normalise(String text) {
        return text.toLowerCase(Locale.ROOT);
    }
}
