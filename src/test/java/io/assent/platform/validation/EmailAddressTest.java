package io.assent.platform.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EmailAddressTest {

    @ParameterizedTest
    @ValueSource(strings = {"a@b.co", "first.last+tag@sub.example.com", "X_Y@EXAMPLE.ORG"})
    void addressesPeopleUseAreAccepted(String text) {
        assertThat(EmailAddress.parse(text)).hasValueSatisfying(e -> assertThat(e.value()).isEqualTo(text.toLowerCase()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "plain", "@example.com", "a@", "a@localhost", "a b@example.com", "a@-x.com", "a@@b.com"})
    void otherTextIsRefused(String text) {
        assertThat(EmailAddress.parse(text)).isEmpty();
    }
}
