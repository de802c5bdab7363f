package io.assent.opportunities;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.assent.opportunities.Stage.SessionEvent;

/** D11's tables, checked for every pair and every event. */
class StageTest {

    @Test
    void partnersMayMakeExactlyTheMovesOfD11() {
        Set<String> allowed = Set.of("CONSENT_GRANTED->IN_REVIEW", "IN_REVIEW->APPROVED", "IN_REVIEW->DECLINED",
                "NEW->CLOSED", "CONSENT_PENDING->CLOSED", "CONSENT_GRANTED->CLOSED", "IN_REVIEW->CLOSED", "APPROVED->CLOSED");
        for (Stage from : Stage.values()) {
            for (Stage to : Stage.values()) {
                assertThat(from.partnerMayMoveTo(to)).as(from + "->" + to).isEqualTo(allowed.contains(from + "->" + to));
            }
        }
    }

    @Test
    void theSystemMovesOfD11() {
        Map<String, Stage> moves = Map.ofEntries(
                Map.entry("NEW+OPENED", Stage.CONSENT_PENDING),
                Map.entry("NEW+GRANTED", Stage.CONSENT_GRANTED), Map.entry("CONSENT_PENDING+GRANTED", Stage.CONSENT_GRANTED),
                Map.entry("NEW+DENIED", Stage.WITHDRAWN), Map.entry("CONSENT_PENDING+DENIED", Stage.WITHDRAWN),
                Map.entry("NEW+EXPIRED", Stage.CLOSED), Map.entry("CONSENT_PENDING+EXPIRED", Stage.CLOSED),
                Map.entry("NEW+CANCELLED", Stage.CLOSED), Map.entry("CONSENT_PENDING+CANCELLED", Stage.CLOSED),
                Map.entry("CONSENT_GRANTED+CANCELLED", Stage.CLOSED), Map.entry("IN_REVIEW+CANCELLED", Stage.CLOSED),
                Map.entry("APPROVED+CANCELLED", Stage.CLOSED),
                Map.entry("NEW+GRANT_REVOKED", Stage.WITHDRAWN), Map.entry("CONSENT_PENDING+GRANT_REVOKED", Stage.WITHDRAWN),
                Map.entry("CONSENT_GRANTED+GRANT_REVOKED", Stage.WITHDRAWN), Map.entry("IN_REVIEW+GRANT_REVOKED", Stage.WITHDRAWN),
                Map.entry("APPROVED+GRANT_REVOKED", Stage.WITHDRAWN));
        for (Stage from : Stage.values()) {
            for (SessionEvent event : SessionEvent.values()) {
                assertThat(from.afterSessionEvent(event)).as(from + "+" + event)
                        .isEqualTo(java.util.Optional.ofNullable(moves.get(from + "+" + event)));
            }
        }
    }

    @Test
    void finalStagesAreDeclinedWithdrawnAndClosed() {
        for (Stage stage : Stage.values()) {
            assertThat(stage.isFinal()).isEqualTo(Set.of(Stage.DECLINED, Stage.WITHDRAWN, Stage.CLOSED).contains(stage));
        }
    }
}
