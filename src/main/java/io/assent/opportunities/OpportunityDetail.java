package io.assent.opportunities;

import java.util.List;

/** An opportunity with what {@code GET /opportunities/{id}} shows alongside it (D18). */
public record OpportunityDetail(Opportunity opportunity, List<TimelineEntry> timeline, List<Note> notes,
                         List<OpportunityTask> tasks) {
}
