package io.assent.consumer;

import java.nio.file.Path;
import java.util.Optional;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the bytes of consumers' documents live, under {@code assent.documents.*}
 * ({@code ASSENT_DOCUMENTS_*}). The metadata is always in the database.
 *
 * @param storage   {@code database} (the default: one transaction with the metadata, nothing else to
 *                  share between nodes) or {@code directory}
 * @param directory the directory for {@code directory} storage; every node must see the same one.
 *                  Absent means {@code <data-dir>/documents}
 */
@ConfigurationProperties("assent.documents")
public record DocumentStorageSettings(@DefaultValue("database") Storage storage, @DefaultValue("") String directory) {

    /** The configured directory, if one is. */
    public Optional<Path> directoryPath() {
        return directory.isBlank() ? Optional.empty() : Optional.of(Path.of(directory));
    }

    /** The kinds of document store an operator can choose. */
    public enum Storage {
        DATABASE, DIRECTORY
    }
}
