package io.assent.opportunities;

import java.time.Instant;
import java.util.Optional;

/** A task to add to an opportunity (D18); it starts {@code open}. */
public record NewTask(String title, Optional<Instant> dueAt, Optional<String> assignee) {
}
