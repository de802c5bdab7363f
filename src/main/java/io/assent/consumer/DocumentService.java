package io.assent.consumer;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.assent.identity.UserAccount;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Cursor;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;

/**
 * The consumer's documents (D17): uploads of PDF, PNG or JPEG files of at most 10 MiB, recognised
 * by their bytes; download links signed for one document and {@link #LINK_LIFETIME}, which also
 * serve partners' reads of the documents category. Where the bytes live is the operator's choice
 * of {@link DocumentContentStore}; they are written and removed in the metadata's transaction.
 */
@Service
public class DocumentService {

    public static final long MAX_BYTES = 10L * 1024 * 1024;
    public static final Duration LINK_LIFETIME = Duration.ofSeconds(300);
    static final String FILES_PATH = "/files/";

    /** An upload as received; the bytes are checked here, not by what the client declared. */
    public record Upload(Optional<UploadedFile> file, Optional<String> docType, Optional<String> documentDate,
                         Optional<String> expiresOn) {
    }

    /** The file part: its declared name and size, and its bytes, read only once the size is known to fit. */
    public record UploadedFile(Optional<String> name, long size, Supplier<byte[]> bytes) {
    }

    /** A document's bytes with what the download answer needs. */
    public record FileContent(String fileName, String contentType, byte[] bytes) {
    }

    private final DocumentRepository documents;
    private final DocumentContentStore contents;
    private final DocumentLinks links;
    private final HistoryService history;
    private final IdGenerator ids;
    private final Clock clock;
    private final PublicUrls urls;

    DocumentService(DocumentRepository documents, DocumentContentStore contents, DocumentLinks links, HistoryService history, IdGenerator ids,
                           Clock clock, PublicUrls urls) {
        this.documents = documents;
        this.contents = contents;
        this.links = links;
        this.history = history;
        this.ids = ids;
        this.clock = clock;
        this.urls = urls;
    }

    @Transactional
    public DocumentView upload(UserAccount consumer, Upload upload) {
        List<FieldProblem> problems = new ArrayList<>();
        if (upload.file().isEmpty()) {
            problems.add(new FieldProblem("file", "is required"));
        }
        Optional<DocumentType> type = upload.docType().flatMap(DocumentType::fromWire);
        if (type.isEmpty()) {
            problems.add(new FieldProblem("doc_type", "must be one of passport, drivers_licence, national_id, "
                    + "proof_of_address, bank_statement, payslip, tax_return, other"));
        }
        Optional<LocalDate> documentDate = date("document_date", upload.documentDate(), problems);
        Optional<LocalDate> expiresOn = date("expires_on", upload.expiresOn(), problems);
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The upload is not valid.", problems);
        }
        UploadedFile file = upload.file().get();
        if (file.size() > MAX_BYTES) {
            throw tooLarge();
        }
        byte[] bytes = file.bytes().get();
        if (bytes.length > MAX_BYTES) {
            throw tooLarge();
        }
        FileKind kind = FileKind.of(bytes).orElseThrow(() -> new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type", "Only PDF, PNG and JPEG files are accepted."));
        Document document = new Document(ids.newId(), consumer.id(), type.get(), fileName(file.name(), kind),
                kind.contentType(), bytes.length, sha256(bytes), documentDate, expiresOn, clock.instant());
        documents.insert(document);
        contents.put(document.id(), bytes);
        history.record(consumer.id(), "document_uploaded", HistoryService.Actor.CONSUMER,
                "You uploaded a document (" + document.docType().wireName().replace('_', ' ') + ").", details(document));
        return DocumentView.of(document, today());
    }

    public Page<DocumentView> list(UserAccount consumer, PageRequest page) {
        LocalDate today = today();
        return Page.of(documents.page(consumer.id(), page), page, d -> new Cursor(d.createdAt(), d.id()))
                .map(d -> DocumentView.of(d, today));
    }

    /** Removes the document and its bytes; every link to it stops working. */
    @Transactional
    public UUID delete(UserAccount consumer, String id) {
        Document document = own(consumer, id);
        contents.remove(document.id());
        documents.delete(document.id());
        history.record(consumer.id(), "document_deleted", HistoryService.Actor.CONSUMER,
                "You deleted a document (" + document.docType().wireName().replace('_', ' ') + ").", details(document));
        return document.id();
    }

    public DownloadLink downloadLink(UserAccount consumer, String id) {
        return link(own(consumer, id).id());
    }

    /** The bytes a download link names, if it is untampered, unexpired and its document still exists. */
    public Optional<FileContent> open(String token) {
        Instant now = clock.instant();
        return links.verify(token).filter(claim -> claim.expiresAt().isAfter(now))
                .flatMap(claim -> documents.find(claim.documentId()))
                .flatMap(document -> contents.get(document.id())
                        .map(bytes -> new FileContent(document.fileName(), document.contentType(), bytes)));
    }

    /** The consumer's documents as a partner with the documents category reads them (D7, D17). */
    public List<Map<String, Object>> forPartner(UUID consumerId) {
        LocalDate today = today();
        return documents.all(consumerId).stream().map(document -> {
            DocumentView view = DocumentView.of(document, today);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", view.id());
            entry.put("doc_type", view.docType());
            entry.put("file_name", view.fileName());
            entry.put("content_type", view.contentType());
            entry.put("size_bytes", view.sizeBytes());
            entry.put("sha256", view.sha256());
            entry.put("document_date", view.documentDate());
            entry.put("expires_on", view.expiresOn());
            entry.put("is_expired", view.isExpired());
            entry.put("created_at", view.createdAt().toString());
            entry.put("download_url", link(document.id()).url());
            return entry;
        }).toList();
    }

    private DownloadLink link(UUID documentId) {
        Instant expiresAt = clock.instant().plus(LINK_LIFETIME);
        return new DownloadLink(urls.publicUrl() + FILES_PATH + links.sign(documentId, expiresAt), expiresAt);
    }

    private Document own(UserAccount consumer, String id) {
        return IdGenerator.parse(id).flatMap(documents::find).filter(d -> d.consumerId().equals(consumer.id()))
                .orElseThrow(ApiException::notFound);
    }

    private static ApiException tooLarge() {
        return new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, "payload_too_large", "A document can be at most 10 MiB.");
    }

    private LocalDate today() {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    private static Optional<LocalDate> date(String field, Optional<String> text, List<FieldProblem> problems) {
        try {
            return text.filter(t -> !t.isBlank()).map(LocalDate::parse);
        } catch (DateTimeParseException e) {
            problems.add(new FieldProblem(field, "must be a date in the form YYYY-MM-DD"));
            return Optional.empty();
        }
    }

    /** The name without any directory part or control characters, for the download's filename. */
    private static String fileName(Optional<String> given, FileKind kind) {
        String name = given.map(n -> n.substring(Math.max(n.lastIndexOf('/'), n.lastIndexOf('\\')) + 1))
                .map(n -> n.replaceAll("\\p{Cntrl}", "").strip()).filter(n -> !n.isEmpty())
                .orElse("document." + kind.name().toLowerCase());
        return name.length() > 200 ? name.substring(name.length() - 200) : name;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static Map<String, Object> details(Document document) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("document_id", document.id().toString());
        details.put("doc_type", document.docType().wireName());
        details.put("file_name", document.fileName());
        return details;
    }
}
