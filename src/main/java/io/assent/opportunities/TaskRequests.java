package io.assent.opportunities;

import java.util.Optional;

/** The bodies of the task operations (D18). */
final class TaskRequests {

    private TaskRequests() {
    }

    /** {@code POST /opportunities/{id}/tasks}: {@code {title, due_at?, assignee?}}. */
    record Create(String title, String dueAt, String assignee) {
        NewTask task() {
            return new NewTask(title, Optional.ofNullable(dueAt).map(d -> OpportunityWire.instant("due_at", d)),
                    Optional.ofNullable(assignee));
        }
    }

    /** {@code PATCH /opportunities/{id}/tasks/{task_id}}: any of the fields; null clears due_at or assignee. */
    static final class Update {

        private TaskPatch patch = TaskPatch.empty();

        public void setTitle(String title) {
            patch = patch.withTitle(OpportunityWire.required("title", title));
        }

        public void setDueAt(String dueAt) {
            patch = patch.withDueAt(Optional.ofNullable(dueAt).map(d -> OpportunityWire.instant("due_at", d)));
        }

        public void setAssignee(String assignee) {
            patch = patch.withAssignee(Optional.ofNullable(assignee));
        }

        public void setStatus(String status) {
            patch = patch.withStatus(OpportunityWire.taskStatus(OpportunityWire.required("status", status)));
        }

        TaskPatch patch() {
            return patch;
        }
    }

    /** {@code POST /opportunities/{id}/notes}: {@code {body}}. */
    record NoteBody(String body) {
    }
}
