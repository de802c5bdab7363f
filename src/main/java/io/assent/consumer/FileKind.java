package io.assent.consumer;

import java.util.Arrays;
import java.util.Optional;

/**
 * The files a consumer may upload (D17), recognised by their first bytes: what a file says it is
 * (its name, its declared type) is not trusted, because a browser would act on the type served.
 */
enum FileKind {
    PDF("application/pdf", new byte[] {'%', 'P', 'D', 'F', '-'}),
    PNG("image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'}),
    JPEG("image/jpeg", new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF});

    private final String contentType;
    private final byte[] signature;

    FileKind(String contentType, byte[] signature) {
        this.contentType = contentType;
        this.signature = signature;
    }

    String contentType() {
        return contentType;
    }

    static Optional<FileKind> of(byte[] bytes) {
        return Arrays.stream(values()).filter(kind -> kind.matches(bytes)).findFirst();
    }

    private boolean matches(byte[] bytes) {
        return bytes.length >= signature.length && Arrays.equals(bytes, 0, signature.length, signature, 0, signature.length);
    }
}
