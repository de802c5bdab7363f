package io.assent.platform.pagination;

import java.util.Optional;

import io.assent.platform.error.ApiException;

/**
 * The {@code limit} and {@code cursor} query parameters of every list (D10), validated once here.
 * Repositories fetch {@link #fetchSize()} rows and hand them to {@link Page#of}.
 */
public record PageRequest(int limit, Optional<Cursor> after) {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    public static PageRequest of(String limit, String cursor) {
        int size = DEFAULT_LIMIT;
        if (limit != null) {
            try {
                size = Integer.parseInt(limit);
            } catch (NumberFormatException e) {
                size = -1;
            }
            if (size < 1 || size > MAX_LIMIT) {
                throw ApiException.invalidRequest("limit must be an integer from 1 to " + MAX_LIMIT + ".");
            }
        }
        Optional<Cursor> after = Optional.empty();
        if (cursor != null) {
            after = Optional.of(Cursor.decode(cursor)
                    .orElseThrow(() -> ApiException.invalidRequest("cursor is not a cursor this API gave out.")));
        }
        return new PageRequest(size, after);
    }

    /** One row more than the page, to learn whether another page follows. */
    public int fetchSize() {
        return limit + 1;
    }
}
