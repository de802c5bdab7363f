package io.assent.opportunities;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import io.assent.platform.error.ApiException;

/**
 * Reading the wire values of opportunity requests that Jackson leaves as strings: an unknown stage
 * or status, a malformed time, or a JSON null where a value belongs, is 400 {@code invalid_request}
 * naming the field, like a value of the wrong JSON type.
 */
final class OpportunityWire {

    private static final String STAGES = Arrays.stream(Stage.values()).map(Stage::wireName)
            .collect(Collectors.joining(", "));

    private OpportunityWire() {
    }

    static Stage stage(String field, String value) {
        return Stage.fromWire(value).orElseThrow(() -> ApiException.invalidRequest(
                "'" + field + "' must be one of " + STAGES + "."));
    }

    static TaskStatus taskStatus(String value) {
        return TaskStatus.fromWire(value).orElseThrow(() -> ApiException.invalidRequest(
                "Field 'status' must be open or done."));
    }

    /** RFC 3339 with an offset (D2), so a time without a zone is refused rather than guessed. */
    static Instant instant(String field, String value) {
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException | NullPointerException e) {
            throw ApiException.invalidRequest("'" + field + "' must be an RFC 3339 date-time with an offset.");
        }
    }

    static Map<String, String> metadata(Map<String, String> metadata) {
        metadata.forEach((key, value) -> {
            if (value == null) {
                throw ApiException.invalidRequest("Field 'metadata." + key + "' must be a string.");
            }
        });
        return metadata;
    }

    static <T> T required(String field, T value) {
        if (value == null) {
            throw ApiException.invalidRequest("Field '" + field + "' must not be null.");
        }
        return value;
    }

    static Optional<Long> parseIfMatch(String header) {
        if (header == null) {
            return Optional.empty();
        }
        String value = header.trim();
        if (value.equals("*")) {
            // "*" matches any current version: the same as no If-Match.
            return Optional.empty();
        }
        if (value.length() >= 3 && value.startsWith("\"") && value.endsWith("\"")) {
            String digits = value.substring(1, value.length() - 1);
            if (digits.chars().allMatch(Character::isDigit) && digits.length() <= 18) {
                return Optional.of(Long.parseLong(digits));
            }
        }
        throw ApiException.invalidRequest("If-Match must be an ETag of this opportunity, \"<version>\", or *.");
    }
}
