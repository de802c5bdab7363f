package io.assent.opportunities;

import java.time.Instant;
import java.util.Optional;

/**
 * Changes to a task (D18): any of title, due date, assignee and status. A field the patch does not
 * name is kept; {@code due_at} and {@code assignee} can be cleared with an empty Optional.
 */
public final class TaskPatch {

    private static final TaskPatch EMPTY = new TaskPatch(null, null, null, null);

    // null: not part of the patch.
    private final String title;
    private final Optional<Instant> dueAt;
    private final Optional<String> assignee;
    private final TaskStatus status;

    private TaskPatch(String title, Optional<Instant> dueAt, Optional<String> assignee, TaskStatus status) {
        this.title = title;
        this.dueAt = dueAt;
        this.assignee = assignee;
        this.status = status;
    }

    public static TaskPatch empty() {
        return EMPTY;
    }

    public TaskPatch withTitle(String title) {
        return new TaskPatch(title, dueAt, assignee, status);
    }

    public TaskPatch withDueAt(Optional<Instant> dueAt) {
        return new TaskPatch(title, dueAt, assignee, status);
    }

    public TaskPatch withAssignee(Optional<String> assignee) {
        return new TaskPatch(title, dueAt, assignee, status);
    }

    /** {@code done} sets {@code completed_at}; {@code open} clears it. */
    public TaskPatch withStatus(TaskStatus status) {
        return new TaskPatch(title, dueAt, assignee, status);
    }

    public Optional<String> title() {
        return Optional.ofNullable(title);
    }

    public Optional<Optional<Instant>> dueAt() {
        return Optional.ofNullable(dueAt);
    }

    public Optional<Optional<String>> assignee() {
        return Optional.ofNullable(assignee);
    }

    public Optional<TaskStatus> status() {
        return Optional.ofNullable(status);
    }
}
