package io.assent.opportunities;

import java.util.Arrays;
import java.util.Optional;

/** A task is open until someone marks it done; it may be reopened (D18). */
public enum TaskStatus {
    OPEN, DONE;

    public String wireName() {
        return name().toLowerCase();
    }

    public static Optional<TaskStatus> fromWire(String value) {
        return Arrays.stream(values()).filter(s -> s.wireName().equals(value)).findFirst();
    }
}
