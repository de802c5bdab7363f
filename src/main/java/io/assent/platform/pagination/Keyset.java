package io.assent.platform.pagination;

import org.springframework.jdbc.core.simple.JdbcClient;

import io.assent.platform.time.SqlTime;

/**
 * The SQL of one D10 keyset page, newest first by a time column then by id: the condition that
 * starts the page after its cursor, the order and the limit. Every list query ends with
 * {@link #page} and binds it with {@link #bind}, so a page costs the same at any depth (an index
 * on {@code (time column desc, id desc)} serves it).
 */
public final class Keyset {

    private Keyset() {
    }

    /** {@code " and (<time>, id) < (...) order by <time> desc, id desc limit ..."}, to end a WHERE clause with. */
    public static String page(PageRequest page, String timeColumn) {
        return (page.after().isPresent() ? " and (" + timeColumn + ", id) < (:keysetAt, :keysetId)" : "")
                + " order by " + timeColumn + " desc, id desc limit :keysetLimit";
    }

    /** Binds the parameters {@link #page} wrote. */
    public static JdbcClient.StatementSpec bind(JdbcClient.StatementSpec query, PageRequest page) {
        JdbcClient.StatementSpec bound = query.param("keysetLimit", page.fetchSize());
        if (page.after().isPresent()) {
            bound = bound.param("keysetAt", SqlTime.of(page.after().get().createdAt())).param("keysetId", page.after().get().id());
        }
        return bound;
    }
}
