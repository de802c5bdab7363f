package io.assent.platform.error;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The wire form of every error (spec "Errors", D3): {@code {"error":{"code","message","details"?}}}.
 */
public record ErrorBody(Error error) {

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Error(String code, String message, List<FieldProblem> details) {
    }

    /** One field's problem, for {@code validation_failed} and friends. */
    public record FieldProblem(String field, String message) {
    }

    public static ErrorBody of(String code, String message, List<FieldProblem> details) {
        return new ErrorBody(new Error(code, message, details));
    }
}
