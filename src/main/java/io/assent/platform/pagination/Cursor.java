package io.assent.platform.pagination;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;

import io.assent.platform.id.IdGenerator;

/**
 * A keyset position in a list ordered newest first: the last row's {@code created_at} and id. The
 * next page starts strictly after it, so a page costs the same at any depth (D10). Opaque to
 * callers: base64url of {@code <epoch-micros>:<id>}.
 */
public record Cursor(Instant createdAt, UUID id) {

    public String encode() {
        long micros = Math.multiplyExact(createdAt.getEpochSecond(), 1_000_000L) + createdAt.getNano() / 1_000;
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((micros + ":" + id).getBytes(StandardCharsets.US_ASCII));
    }

    public static Optional<Cursor> decode(String token) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.US_ASCII);
            int colon = text.indexOf(':');
            if (colon < 1) {
                return Optional.empty();
            }
            long micros = Long.parseLong(text.substring(0, colon));
            Instant createdAt = Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
            return IdGenerator.parse(text.substring(colon + 1)).map(id -> new Cursor(createdAt, id));
        } catch (IllegalArgumentException | ArithmeticException e) {
            return Optional.empty();
        }
    }
}
