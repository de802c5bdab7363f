package io.assent.platform.validation;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A phone number in E.164 form (D17): a plus sign, a country code that does not start with 0, and
 * at most 15 digits in all, such as {@code +447700900123}. No spaces or punctuation, so that one
 * number has one spelling.
 */
public record PhoneNumber(String value) {

    private static final Pattern E164 = Pattern.compile("^\\+[1-9][0-9]{6,14}$");

    public static Optional<PhoneNumber> parse(String text) {
        if (text == null || !E164.matcher(text).matches()) {
            return Optional.empty();
        }
        return Optional.of(new PhoneNumber(text));
    }

    @Override
    public String toString() {
        return value;
    }
}
