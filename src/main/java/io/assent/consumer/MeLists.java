package io.assent.consumer;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.ResponseEntity;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import io.assent.platform.pagination.Page;

/** The D10 answer of a {@code /me} list: the page as a plain array, the next page in a {@code Link} header. */
final class MeLists {

    private MeLists() {
    }

    static <T> ResponseEntity<List<T>> withLink(Page<T> page, HttpServletRequest request) {
        ResponseEntity.BodyBuilder answer = ResponseEntity.ok();
        page.nextLink(ServletUriComponentsBuilder.fromRequest(request)).ifPresent(link -> answer.header("Link", link));
        return answer.body(page.data());
    }
}
