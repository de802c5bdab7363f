package io.assent.web;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import org.springframework.stereotype.Component;

/**
 * Instants as the pages show them ({@code 23 Nov 2026, 09:12 UTC}), for templates as
 * {@code ${@readableTime.of(instant)}}; the exact instant stays in the {@code datetime} attribute.
 */
@Component
public class ReadableTime {

    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("d MMM uuuu, HH:mm 'UTC'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    public String of(Instant instant) {
        return FORMAT.format(instant);
    }
}
