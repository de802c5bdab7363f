package io.assent.partnerportal;

import java.util.LinkedHashMap;
import java.util.Map;

import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;

/**
 * A service's refusal of a form, for the page: the message for the top of the form and each
 * field's messages (the API's own words, D3) to show next to the field.
 */
public record FormProblems(String summary, Map<String, String> fields) {

    public static final FormProblems NONE = new FormProblems("", Map.of());

    public static FormProblems of(ApiException refused) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (FieldProblem problem : refused.details()) {
            fields.merge(problem.field(), problem.message(), (a, b) -> a + "; " + b);
        }
        return new FormProblems(refused.getMessage(), fields);
    }

    public boolean any() {
        return !summary.isEmpty();
    }

    public boolean has(String field) {
        return fields.containsKey(field);
    }

    public String of(String field) {
        return fields.getOrDefault(field, "");
    }
}
