package io.assent.partnerportal;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

import org.springframework.stereotype.Component;

/** Times on portal pages, to the second in UTC (the API's times are UTC too); templates call it as {@code @portalTime}. */
@Component("portalTime")
public class PortalTime {

    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    public String of(Instant instant) {
        return instant == null ? "" : FORMAT.format(instant);
    }

    public String of(Optional<Instant> instant) {
        return instant.map(this::of).orElse("");
    }
}
