package io.assent.platform.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.assent.platform.error.ErrorBody.FieldProblem;

/**
 * Free-form partner data (D2): string keys and string values, at most 50 keys, keys up to 40
 * characters and values up to 500, as Stripe's metadata.
 */
public final class Metadata {

    public static final int MAX_KEYS = 50;
    public static final int MAX_KEY_LENGTH = 40;
    public static final int MAX_VALUE_LENGTH = 500;

    private Metadata() {
    }

    public static List<FieldProblem> problems(String field, Map<String, String> metadata) {
        List<FieldProblem> problems = new ArrayList<>();
        if (metadata == null) {
            return problems;
        }
        if (metadata.size() > MAX_KEYS) {
            problems.add(new FieldProblem(field, "must have at most " + MAX_KEYS + " keys"));
        }
        metadata.forEach((key, value) -> {
            if (key.isEmpty() || key.length() > MAX_KEY_LENGTH) {
                String shown = key.length() <= MAX_KEY_LENGTH ? key : key.substring(0, MAX_KEY_LENGTH) + "...";
                problems.add(new FieldProblem(field, "key '" + shown + "' must be 1 to " + MAX_KEY_LENGTH + " characters"));
            } else if (value == null || value.length() > MAX_VALUE_LENGTH) {
                problems.add(new FieldProblem(field + "." + key, "must be a string of at most " + MAX_VALUE_LENGTH + " characters"));
            }
        });
        return problems;
    }
}
