package io.assent.platform.validation;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An e-mail address in the form people and mail servers agree on: a local part, an {@code @} and a
 * domain with at least one dot. Kept lower-case so that one address is one account.
 */
public record EmailAddress(String value) {

    private static final Pattern SHAPE = Pattern.compile(
            "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$");

    public static Optional<EmailAddress> parse(String text) {
        if (text == null || text.length() > 254 || !SHAPE.matcher(text).matches()) {
            return Optional.empty();
        }
        return Optional.of(new EmailAddress(text.toLowerCase(Locale.ROOT)));
    }

    @Override
    public String toString() {
        return value;
    }
}
