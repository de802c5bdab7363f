package io.assent.consumer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Document bytes as files in one directory (for example a volume shared by every node), named
 * {@code <last two hex digits of the id>/<id>} so that no directory grows too large and no name
 * says whose document it is. A file is written before its metadata commits and removed if the
 * transaction rolls back; a deleted document's file goes once the delete has committed.
 *
 * <p>Errors never carry the path: it is a storage location, which stays out of responses and logs.
 */
class DirectoryContentStore implements DocumentContentStore {

    private static final Logger log = LoggerFactory.getLogger(DirectoryContentStore.class);

    private final Path root;

    DirectoryContentStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
        try {
            Files.createDirectories(this.root);
        } catch (IOException e) {
            throw new IllegalStateException("assent.documents.directory cannot be created (" + e.getClass().getSimpleName() + ")");
        }
        if (!Files.isDirectory(this.root) || !Files.isWritable(this.root)) {
            throw new IllegalStateException("assent.documents.directory is not a writable directory");
        }
    }

    @Override
    public void put(UUID documentId, byte[] content) {
        requireTransaction();
        Path file = file(documentId);
        Path partial = file.resolveSibling(documentId + ".partial");
        try {
            Files.createDirectories(file.getParent());
            Files.write(partial, content);
            ownerOnly(partial);
            move(partial, file);
        } catch (IOException e) {
            deleteQuietly(partial, documentId);
            throw failure("write", documentId, e);
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCompletion(int status) {
                if (status != STATUS_COMMITTED) {
                    deleteQuietly(file, documentId);
                }
            }
        });
    }

    @Override
    public Optional<byte[]> get(UUID documentId) {
        try {
            return Optional.of(Files.readAllBytes(file(documentId)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw failure("read", documentId, e);
        }
    }

    @Override
    public void remove(UUID documentId) {
        requireTransaction();
        Path file = file(documentId);
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                deleteQuietly(file, documentId);
            }
        });
    }

    private Path file(UUID documentId) {
        String id = documentId.toString();
        return root.resolve(id.substring(id.length() - 2)).resolve(id);
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException | FileAlreadyExistsException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void ownerOnly(Path file) throws IOException {
        if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        }
    }

    private static void requireTransaction() {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            throw new IllegalStateException("document bytes are written inside the document's transaction");
        }
    }

    private static void deleteQuietly(Path file, UUID documentId) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            log.warn("Could not delete the stored bytes of document {} ({})", documentId, e.getClass().getSimpleName());
        }
    }

    private static UncheckedIOException failure(String action, UUID documentId, IOException cause) {
        // The cause's message names the path: keep only its kind.
        return new UncheckedIOException("Could not " + action + " the stored bytes of document " + documentId,
                new IOException(cause.getClass().getSimpleName()));
    }
}
