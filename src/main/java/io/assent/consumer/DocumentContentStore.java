package io.assent.consumer;

import java.util.Optional;
import java.util.UUID;

/**
 * Keeps the bytes of documents, named by the document's id only. Writes and removals are made
 * inside the transaction that writes or deletes the document's metadata, and take effect with it:
 * a rolled-back upload leaves no bytes behind, and a rolled-back delete keeps them.
 */
interface DocumentContentStore {

    void put(UUID documentId, byte[] content);

    Optional<byte[]> get(UUID documentId);

    void remove(UUID documentId);
}
