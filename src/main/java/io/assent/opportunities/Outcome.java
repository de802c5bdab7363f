package io.assent.opportunities;

import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.assent.platform.error.ErrorBody.FieldProblem;

/**
 * How an opportunity ended for the partner (D18): a short {@code result} ("won", "loan paid out"),
 * an optional reason, and optionally an amount in minor units of an ISO 4217 currency.
 */
public record Outcome(String result, Optional<String> reason, Optional<Long> amountMinor, Optional<String> currency) {

    public static final int MAX_RESULT = 100;
    public static final int MAX_REASON = 1000;
    private static final Set<String> CURRENCIES = Currency.getAvailableCurrencies().stream()
            .map(Currency::getCurrencyCode).collect(Collectors.toUnmodifiableSet());

    /** What is wrong with this outcome, field by field under {@code field}; empty when it is valid. */
    public List<FieldProblem> problems(String field) {
        List<FieldProblem> problems = new ArrayList<>();
        if (result == null || result.isEmpty() || result.length() > MAX_RESULT) {
            problems.add(new FieldProblem(field + ".result", "is required: 1 to " + MAX_RESULT + " characters"));
        }
        if (reason.isPresent() && reason.get().length() > MAX_REASON) {
            problems.add(new FieldProblem(field + ".reason", "must be at most " + MAX_REASON + " characters"));
        }
        if (amountMinor.isPresent() && amountMinor.get() < 0) {
            problems.add(new FieldProblem(field + ".amount_minor", "must be a non-negative integer"));
        }
        // An amount without its currency (or the other way round) cannot be read, so both or neither.
        if (amountMinor.isPresent() && currency.isEmpty()) {
            problems.add(new FieldProblem(field + ".currency", "is required with amount_minor"));
        }
        if (currency.isPresent() && amountMinor.isEmpty()) {
            problems.add(new FieldProblem(field + ".amount_minor", "is required with currency"));
        }
        if (currency.isPresent() && !CURRENCIES.contains(currency.get())) {
            problems.add(new FieldProblem(field + ".currency", "must be an ISO 4217 currency code such as EUR"));
        }
        return problems;
    }
}
