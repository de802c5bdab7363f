package io.assent.opportunities;

import java.util.Map;
import java.util.Optional;

/**
 * The body of {@code PATCH /opportunities/{id}} (D18). A field has three states: left out (kept),
 * JSON {@code null} (cleared, where clearing makes sense) or a value. Jackson calls a setter only for
 * a field that is in the JSON, so the setters record which fields were sent.
 */
final class UpdateOpportunityRequest {

    private OpportunityPatch patch = OpportunityPatch.empty();

    public void setStage(String stage) {
        patch = patch.withStage(OpportunityWire.stage("stage", OpportunityWire.required("stage", stage)));
    }

    public void setOwner(String owner) {
        patch = patch.withOwner(Optional.ofNullable(owner));
    }

    /** {@code null} clears the metadata, as on products. */
    public void setMetadata(Map<String, String> metadata) {
        patch = patch.withMetadata(metadata == null ? Map.of() : OpportunityWire.metadata(metadata));
    }

    public void setOutcome(OutcomeRequest outcome) {
        patch = patch.withOutcome(Optional.ofNullable(outcome).map(OutcomeRequest::outcome));
    }

    OpportunityPatch patch() {
        return patch;
    }

    /** {@code outcome} on the wire; {@code amount_minor} is a JSON integer, never a string or a fraction. */
    record OutcomeRequest(String result, String reason, Long amountMinor, String currency) {
        Outcome outcome() {
            return new Outcome(result, Optional.ofNullable(reason), Optional.ofNullable(amountMinor),
                    Optional.ofNullable(currency));
        }
    }
}
