package io.assent.platform.pagination;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.springframework.web.util.UriComponentsBuilder;

/**
 * One page of a list: the D10 envelope {@code {data, has_more, next_cursor}} of partner lists.
 * {@code /me} lists send only {@link #data()} and announce the next page in a {@code Link} header.
 */
public record Page<T>(List<T> data, boolean hasMore, String nextCursor) {

    /** Cuts the {@link PageRequest#fetchSize()} rows a repository read into a page. */
    public static <T> Page<T> of(List<T> rows, PageRequest request, Function<T, Cursor> position) {
        if (rows.size() <= request.limit()) {
            return new Page<>(List.copyOf(rows), false, null);
        }
        List<T> data = List.copyOf(rows.subList(0, request.limit()));
        return new Page<>(data, true, position.apply(data.get(data.size() - 1)).encode());
    }

    public <R> Page<R> map(Function<T, R> mapper) {
        return new Page<>(data.stream().map(mapper).toList(), hasMore, nextCursor);
    }

    /** The RFC 8288 {@code Link} header value for the next page, if there is one. */
    public Optional<String> nextLink(UriComponentsBuilder currentRequest) {
        if (!hasMore) {
            return Optional.empty();
        }
        String next = currentRequest.replaceQueryParam("cursor", nextCursor).build().toUriString();
        return Optional.of("<" + next + ">; rel=\"next\"");
    }
}
