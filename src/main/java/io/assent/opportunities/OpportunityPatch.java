package io.assent.opportunities;

import java.util.Map;
import java.util.Optional;

/**
 * The partner's changes to an opportunity (D18): any of a stage move, the owner, the metadata and
 * the outcome. A field the patch does not name is kept; {@code owner} and {@code outcome} can be
 * cleared (an empty Optional), {@code metadata} is replaced as a whole. Built as
 * {@code OpportunityPatch.empty().withStage(Stage.IN_REVIEW).withOwner(Optional.of("dana"))}.
 */
public final class OpportunityPatch {

    private static final OpportunityPatch EMPTY = new OpportunityPatch(Optional.empty(), null, null, null);

    private final Optional<Stage> stage;
    // null: not part of the patch. A present field may still hold an empty Optional (clear it).
    private final Optional<String> owner;
    private final Map<String, String> metadata;
    private final Optional<Outcome> outcome;

    private OpportunityPatch(Optional<Stage> stage, Optional<String> owner, Map<String, String> metadata,
                             Optional<Outcome> outcome) {
        this.stage = stage;
        this.owner = owner;
        this.metadata = metadata;
        this.outcome = outcome;
    }

    /** A patch that changes nothing. */
    public static OpportunityPatch empty() {
        return EMPTY;
    }

    /** Moves the stage; only the partner moves of D11 are allowed. */
    public OpportunityPatch withStage(Stage to) {
        return new OpportunityPatch(Optional.of(to), owner, metadata, outcome);
    }

    /** Sets the owner, or clears it with an empty Optional. */
    public OpportunityPatch withOwner(Optional<String> owner) {
        return new OpportunityPatch(stage, owner, metadata, outcome);
    }

    /** Replaces the metadata as a whole (D2 rules: string keys and values). */
    public OpportunityPatch withMetadata(Map<String, String> metadata) {
        return new OpportunityPatch(stage, owner, Map.copyOf(metadata), outcome);
    }

    /** Sets the outcome, or clears it with an empty Optional. */
    public OpportunityPatch withOutcome(Optional<Outcome> outcome) {
        return new OpportunityPatch(stage, owner, metadata, outcome);
    }

    public Optional<Stage> stage() {
        return stage;
    }

    /** Empty when the patch leaves the owner alone; otherwise the new owner (itself maybe empty). */
    public Optional<Optional<String>> owner() {
        return Optional.ofNullable(owner);
    }

    public Optional<Map<String, String>> metadata() {
        return Optional.ofNullable(metadata);
    }

    /** Empty when the patch leaves the outcome alone; otherwise the new outcome (itself maybe empty). */
    public Optional<Optional<Outcome>> outcome() {
        return Optional.ofNullable(outcome);
    }
}
