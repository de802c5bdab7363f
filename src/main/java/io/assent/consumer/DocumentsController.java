package io.assent.consumer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import io.assent.platform.config.PublicUrls;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Caller;

/** {@code /me/documents} (D12, D17). */
@RestController
public class DocumentsController {

    static final String DOCUMENTS = PublicUrls.API_PREFIX + "/me/documents";

    private final DocumentService documents;
    private final ConsumerAccounts accounts;

    public DocumentsController(DocumentService documents, ConsumerAccounts accounts) {
        this.documents = documents;
        this.accounts = accounts;
    }

    @PostMapping(DOCUMENTS)
    @ResponseStatus(HttpStatus.CREATED)
    @PreAuthorize("hasAuthority('SCOPE_consumer.documents.write')")
    public DocumentView upload(@AuthenticationPrincipal Caller caller,
                               @RequestParam(name = "file", required = false) MultipartFile file,
                               @RequestParam(name = "doc_type", required = false) String docType,
                               @RequestParam(name = "document_date", required = false) String documentDate,
                               @RequestParam(name = "expires_on", required = false) String expiresOn) {
        var consumer = accounts.of(caller);
        Optional<DocumentService.UploadedFile> uploaded = Optional.ofNullable(file).map(part -> new DocumentService.UploadedFile(
                Optional.ofNullable(part.getOriginalFilename()), part.getSize(), () -> bytes(part)));
        return documents.upload(consumer, new DocumentService.Upload(uploaded, Optional.ofNullable(docType),
                Optional.ofNullable(documentDate), Optional.ofNullable(expiresOn)));
    }

    @GetMapping(DOCUMENTS)
    @PreAuthorize("hasAuthority('SCOPE_consumer.documents.read')")
    public ResponseEntity<List<DocumentView>> list(@AuthenticationPrincipal Caller caller,
                                                   @RequestParam(required = false) String limit,
                                                   @RequestParam(required = false) String cursor,
                                                   HttpServletRequest request) {
        return MeLists.withLink(documents.list(accounts.of(caller), PageRequest.of(limit, cursor)), request);
    }

    @DeleteMapping(DOCUMENTS + "/{id}")
    @PreAuthorize("hasAuthority('SCOPE_consumer.documents.write')")
    public Deleted delete(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return Deleted.of(documents.delete(accounts.of(caller), id));
    }

    @GetMapping(DOCUMENTS + "/{id}/download")
    @PreAuthorize("hasAuthority('SCOPE_consumer.documents.read')")
    public DownloadLink download(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return documents.downloadLink(accounts.of(caller), id);
    }

    private static byte[] bytes(MultipartFile file) {
        try {
            return file.getBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
