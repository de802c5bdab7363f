package io.assent.platform.time;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * How instants cross the JDBC boundary: as UTC {@link OffsetDateTime}s (the type both H2 and
 * PostgreSQL drivers map to {@code timestamp with time zone}), truncated to the microsecond the
 * databases keep, so a value read back equals the value written.
 */
public final class SqlTime {

    private SqlTime() {
    }

    public static OffsetDateTime of(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant.truncatedTo(ChronoUnit.MICROS), ZoneOffset.UTC);
    }

    public static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    public static Optional<Instant> optionalInstant(ResultSet rs, String column) throws SQLException {
        return Optional.ofNullable(instant(rs, column));
    }
}
