package io.assent.trust;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * The canonical JSON of a chain entry: the bytes its hash covers. It follows RFC 8785 (JCS) for the
 * values entries hold: objects with their members sorted by name (UTF-16 code units), no
 * whitespace, strings with only {@code "}, {@code \} and control characters escaped (lower-case
 * {@code \}{@code u00xx}, or the short forms), integers in plain decimal, {@code true},
 * {@code false} and {@code null}. Anyone can reproduce it with a JCS library, which is the point.
 */
public final class CanonicalJson {

    private CanonicalJson() {
    }

    public static String write(Object value) {
        StringBuilder out = new StringBuilder(256);
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String text) {
            string(text, out);
        } else if (value instanceof Boolean bool) {
            out.append(bool);
        } else if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof BigInteger) {
            out.append(value);
        } else if (value instanceof Number number) {
            out.append(decimal(number));
        } else if (value instanceof Map<?, ?> map) {
            object(map, out);
        } else if (value instanceof Collection<?> list) {
            out.append('[');
            boolean first = true;
            for (Object item : list) {
                if (!first) {
                    out.append(',');
                }
                write(item, out);
                first = false;
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("no canonical JSON for " + value.getClass().getSimpleName());
        }
    }

    private static void object(Map<?, ?> map, StringBuilder out) {
        TreeMap<String, Object> sorted = new TreeMap<>();
        map.forEach((key, item) -> sorted.put((String) key, item));
        out.append('{');
        boolean first = true;
        for (Map.Entry<String, Object> member : sorted.entrySet()) {
            if (!first) {
                out.append(',');
            }
            string(member.getKey(), out);
            out.append(':');
            write(member.getValue(), out);
            first = false;
        }
        out.append('}');
    }

    /** Entries hold integers only; a fractional number is written as JCS would when it is integral. */
    private static String decimal(Number number) {
        BigDecimal decimal = new BigDecimal(number.toString()).stripTrailingZeros();
        if (decimal.scale() <= 0) {
            return decimal.toBigInteger().toString();
        }
        throw new IllegalArgumentException("chain entries hold integers only, not " + number);
    }

    private static void string(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
