package io.assent.trust;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.nimbusds.jwt.JWTClaimsSet;

/**
 * A receipt in words, for the consumer portal: read from the signed claims themselves, so the
 * page says what the downloaded file proves.
 */
public record ReceiptSummary(String id, String receiptType, Instant issuedAt, String partnerName, String productName,
                             int productVersion, List<String> dataCategories, Optional<String> revokedBy,
                             String sentence) {

    static ReceiptSummary of(Receipt receipt, JWTClaimsSet claims) {
        Map<String, Object> partner = object(claims.getClaim("partner"));
        Map<String, Object> product = object(claims.getClaim("product"));
        String partnerName = String.valueOf(partner.get("name"));
        String productName = String.valueOf(product.get("name"));
        int version = ((Number) product.get("version")).intValue();
        List<String> categories = ((List<?>) product.get("data_categories")).stream().map(String::valueOf).toList();
        Optional<String> revokedBy = Optional.ofNullable((String) claims.getClaim("revoked_by"));
        String sentence = ReceiptService.GRANTED.equals(receipt.receiptType())
                ? "You agreed to share your " + String.join(", ", categories) + " with " + partnerName + " for "
                        + productName + " (version " + version + ")."
                : revokedBy.filter("partner"::equals).map(by -> partnerName + " gave up its access for " + productName + ".")
                        .orElse("You withdrew your consent for " + productName + " from " + partnerName + ".");
        return new ReceiptSummary(receipt.id(), receipt.receiptType(), receipt.issuedAt(), partnerName, productName,
                version, categories, revokedBy, sentence);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object claim) {
        return claim instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }
}
