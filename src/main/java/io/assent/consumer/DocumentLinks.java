package io.assent.consumer;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.springframework.stereotype.Component;

/**
 * Signed single-document download tokens (D17): {@code <payload>.<mac>}, the payload naming one
 * document and the second its link expires, the MAC an HMAC-SHA256 over the payload text. Any
 * changed character fails the MAC (both parts are compared as text, so base64's spare bits cannot
 * hide a change).
 */
@Component
class DocumentLinks {

    private static final Base64.Encoder ENCODE = Base64.getUrlEncoder().withoutPadding();

    /** What a valid token names. */
    record Claim(UUID documentId, Instant expiresAt) {
    }

    private final DocumentLinkKey key;

    DocumentLinks(DocumentLinkKey key) {
        this.key = key;
    }

    String sign(UUID documentId, Instant expiresAt) {
        ByteBuffer payload = ByteBuffer.allocate(24);
        payload.putLong(documentId.getMostSignificantBits()).putLong(documentId.getLeastSignificantBits())
                .putLong(expiresAt.getEpochSecond());
        String text = ENCODE.encodeToString(payload.array());
        return text + "." + mac(text);
    }

    /** The claim of an untampered token; its expiry is the caller's to check. */
    Optional<Claim> verify(String token) {
        int dot = token == null ? -1 : token.indexOf('.');
        if (dot < 1 || token.length() > 200) {
            return Optional.empty();
        }
        String text = token.substring(0, dot);
        byte[] expected = mac(text).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected, token.substring(dot + 1).getBytes(StandardCharsets.US_ASCII))) {
            return Optional.empty();
        }
        ByteBuffer payload = ByteBuffer.wrap(Base64.getUrlDecoder().decode(text));
        return Optional.of(new Claim(new UUID(payload.getLong(), payload.getLong()), Instant.ofEpochSecond(payload.getLong())));
    }

    private String mac(String text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.secret(), "HmacSHA256"));
            return ENCODE.encodeToString(mac.doFinal(text.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
