package io.assent.platform.idempotency;

/** The first answer to an idempotent request, kept to be replayed byte for byte. */
record StoredResponse(int status, String contentType, byte[] body, String location) {
}
