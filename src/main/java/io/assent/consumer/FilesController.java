package io.assent.consumer;

import java.nio.charset.StandardCharsets;

import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import io.assent.platform.error.ApiException;

/**
 * {@code <public-url>/files/<token>} (D17): the bytes of the one document a signed, unexpired link
 * names, to whoever holds the link, as an attachment the browser must not sniff or keep.
 */
@RestController
public class FilesController {

    private final DocumentService documents;

    public FilesController(DocumentService documents) {
        this.documents = documents;
    }

    @GetMapping(DocumentService.FILES_PATH + "{token}")
    public ResponseEntity<byte[]> file(@PathVariable String token) {
        DocumentService.FileContent file = documents.open(token).orElseThrow(ApiException::notFound);
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(file.contentType()))
                .header(HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment().filename(file.fileName(), StandardCharsets.UTF_8).build().toString())
                .header(HttpHeaders.CACHE_CONTROL, "no-store")
                .header("X-Content-Type-Options", "nosniff")
                .body(file.bytes());
    }
}
