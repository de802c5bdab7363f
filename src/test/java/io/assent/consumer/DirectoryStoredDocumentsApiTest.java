package io.assent.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.assent.support.ApiClient.ApiResponse;

/**
 * Every document test again with the bytes in a directory instead of the database, and what only
 * a directory can get wrong: files left by refused or rolled-back uploads, files kept after a
 * delete, and the directory's path leaking into an answer.
 */
class DirectoryStoredDocumentsApiTest extends DocumentsApiTest {

    private static final Path DIRECTORY = temporaryDirectory();

    @Autowired
    private DocumentContentStore store;

    @Autowired
    private PlatformTransactionManager transactions;

    @DynamicPropertySource
    static void directoryStorage(DynamicPropertyRegistry registry) {
        registry.add("assent.documents.storage", () -> "directory");
        registry.add("assent.documents.directory", DIRECTORY::toString);
    }

    @Test
    void theBytesAreAFileNamedByTheDocumentAloneAndGoWithItsDelete() throws Exception {
        Me me = consumer();
        long before = files();
        ApiResponse created = upload(this, me, "passport.pdf", "application/pdf", PDF, Map.of("doc_type", "passport"));
        assertThat(created.status()).isEqualTo(201);
        String id = created.json().path("id").asString();
        assertThat(files()).isEqualTo(before + 1);
        Path file = fileOf(id);
        assertThat(Files.readAllBytes(file)).isEqualTo(PDF);
        assertThat(created.body()).doesNotContain(DIRECTORY.toString()).doesNotContain(file.getFileName().getParent() + "/");
        assertThat(jdbc.sql("select count(*) from document_contents").query(Long.class).single()).isZero();

        ApiResponse link = get(me, "/documents/" + id + "/download");
        assertThat(link.body()).doesNotContain(DIRECTORY.toString());
        assertThat(delete(me, "/documents/" + id).status()).isEqualTo(200);
        assertThat(file).doesNotExist();
        assertThat(files()).isEqualTo(before);
    }

    @Test
    void refusedUploadsLeaveNoFile() {
        Me me = consumer();
        long before = files();
        assertThat(upload(this, me, "x.pdf", "application/pdf", "not a pdf".getBytes(), Map.of("doc_type", "other")).status())
                .isEqualTo(415);
        assertThat(upload(this, me, "x.pdf", "application/pdf", PDF, Map.of()).status()).isEqualTo(400);
        assertThat(files()).isEqualTo(before);
    }

    @Test
    void aRolledBackWriteLeavesNoFileAndARolledBackDeleteKeepsIt() {
        UUID written = UUID.randomUUID();
        TransactionTemplate transaction = new TransactionTemplate(transactions);
        transaction.executeWithoutResult(status -> {
            store.put(written, PDF);
            assertThat(store.get(written)).hasValue(PDF);
            status.setRollbackOnly();
        });
        assertThat(store.get(written)).isEmpty();

        UUID kept = UUID.randomUUID();
        transaction.executeWithoutResult(status -> store.put(kept, PDF));
        transaction.executeWithoutResult(status -> {
            store.remove(kept);
            status.setRollbackOnly();
        });
        assertThat(store.get(kept)).hasValue(PDF);
        transaction.executeWithoutResult(status -> store.remove(kept));
        assertThat(store.get(kept)).isEmpty();
    }

    private static Path fileOf(String id) {
        return DIRECTORY.resolve(id.substring(id.length() - 2)).resolve(id);
    }

    private static long files() {
        try (Stream<Path> all = Files.walk(DIRECTORY)) {
            return all.filter(Files::isRegularFile).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path temporaryDirectory() {
        try {
            Path directory = Files.createTempDirectory("assent-documents-");
            directory.toFile().deleteOnExit();
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
