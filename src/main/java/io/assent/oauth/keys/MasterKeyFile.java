package io.assent.oauth.keys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;

/**
 * {@code master.key} in the data directory: the embedded installation's master key, base64 as
 * {@code ASSENT_MASTER_KEY} takes it (so it can be moved there when the installation grows to
 * several nodes). Created owner-only where the file system has POSIX permissions.
 */
final class MasterKeyFile {

    static final String NAME = "master.key";
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private final Path dataDir;

    MasterKeyFile(Path dataDir) {
        this.dataDir = dataDir;
    }

    Path path() {
        return dataDir.resolve(NAME);
    }

    /** The stored key, or a new one stored now. Messages name no path: errors can reach logs and stderr. */
    String readOrCreate() {
        try {
            Path file = path();
            if (Files.exists(file)) {
                return read(file);
            }
            Files.createDirectories(dataDir);
            return create(file);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read or create master.key in the data directory ("
                    + e.getClass().getSimpleName() + "); set ASSENT_MASTER_KEY or fix the directory's permissions.", e);
        }
    }

    /**
     * Writes a complete file under a temporary name and links it into place: a link fails if the
     * name exists, so when the server and a command-line run create the key at the same moment,
     * one wins and the other reads the winner's whole file, never a half-written one.
     */
    private String create(Path file) throws IOException {
        byte[] key = new byte[MasterKey.BYTES];
        new SecureRandom().nextBytes(key);
        String encoded = Base64.getEncoder().encodeToString(key);
        Path temporary = Files.createTempFile(dataDir, NAME, ".tmp", ownerOnly());
        try {
            Files.writeString(temporary, encoded + "\n", StandardCharsets.US_ASCII);
            try {
                Files.createLink(file, temporary);
            } catch (FileAlreadyExistsException anotherProcessWon) {
                return read(file);
            } catch (UnsupportedOperationException | FileSystemException noHardLinks) {
                // A move refuses an existing name too, only with a tiny window between its check and the rename.
                try {
                    Files.move(temporary, file);
                } catch (FileAlreadyExistsException anotherProcessWon) {
                    return read(file);
                }
            }
            return encoded;
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.US_ASCII).strip();
    }

    private FileAttribute<?>[] ownerOnly() {
        return dataDir.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY)}
                : new FileAttribute<?>[0];
    }
}
