package io.assent.platform.pagination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.springframework.web.util.UriComponentsBuilder;

import io.assent.platform.error.ApiException;

class PaginationTest {

    record Row(Instant createdAt, UUID id) {
    }

    @Test
    void cursorsSurviveTheRoundTripToTheMicrosecond() {
        Cursor cursor = new Cursor(Instant.parse("2026-11-22T10:15:30.123456Z"), UUID.randomUUID());
        assertThat(Cursor.decode(cursor.encode())).contains(cursor);
    }

    @Test
    void garbageIsNoCursor() {
        assertThat(Cursor.decode("!!!")).isEmpty();
        assertThat(Cursor.decode("bm90IGEgY3Vyc29y")).isEmpty();
        assertThat(Cursor.decode("")).isEmpty();
    }

    @Test
    void limitDefaultsTo20AndStaysWithin1To100() {
        assertThat(PageRequest.of(null, null).limit()).isEqualTo(20);
        assertThat(PageRequest.of("100", null).limit()).isEqualTo(100);
        for (String bad : List.of("0", "101", "-1", "ten", "1.5", "")) {
            assertThatThrownBy(() -> PageRequest.of(bad, null)).isInstanceOf(ApiException.class)
                    .extracting(e -> ((ApiException) e).code()).isEqualTo("invalid_request");
        }
    }

    @Test
    void aBadCursorIs400() {
        assertThatThrownBy(() -> PageRequest.of(null, "nonsense")).isInstanceOf(ApiException.class);
    }

    @Test
    void aPageCutsTheExtraRowAndPointsPastItsLastRow() {
        List<Row> rows = IntStream.range(0, 4).mapToObj(i -> new Row(Instant.ofEpochSecond(100 - i), UUID.randomUUID())).toList();
        Page<Row> page = Page.of(rows, PageRequest.of("3", null), r -> new Cursor(r.createdAt(), r.id()));
        assertThat(page.data()).hasSize(3);
        assertThat(page.hasMore()).isTrue();
        assertThat(Cursor.decode(page.nextCursor())).contains(new Cursor(rows.get(2).createdAt(), rows.get(2).id()));
        assertThat(page.nextLink(UriComponentsBuilder.fromUriString("http://x/me/history?limit=3")))
                .hasValueSatisfying(link -> assertThat(link).startsWith("<http://x/me/history?limit=3&cursor=").endsWith(">; rel=\"next\""));
    }

    @Test
    void theLastPageHasNoCursor() {
        List<Row> rows = List.of(new Row(Instant.EPOCH, UUID.randomUUID()));
        Page<Row> page = Page.of(rows, PageRequest.of("3", null), r -> new Cursor(r.createdAt(), r.id()));
        assertThat(page.hasMore()).isFalse();
        assertThat(page.nextCursor()).isNull();
        assertThat(page.nextLink(UriComponentsBuilder.fromUriString("http://x"))).isEmpty();
    }
}
