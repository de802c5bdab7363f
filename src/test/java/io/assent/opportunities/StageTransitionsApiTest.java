package io.assent.opportunities;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.assent.opportunities.Opportunities.Created;
import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.ConsentLoop;
import tools.jackson.databind.JsonNode;

/**
 * The stage table of D11 over HTTP: every (from, to) pair of the eight stages as a partner PATCH,
 * and the moves the system makes when the consent session is opened, granted, denied, expires or
 * is revoked.
 */
class StageTransitionsApiTest extends ApiTest {

    private static final List<String> STAGES = List.of("new", "consent_pending", "consent_granted", "in_review",
            "approved", "declined", "withdrawn", "closed");

    /** D11's partner moves, written out here rather than read from {@link Stage}, so the two are checked against each other. */
    private static final Set<String> PARTNER_MOVES = Set.of(
            "consent_granted>in_review", "in_review>approved", "in_review>declined", "approved>closed",
            "new>closed", "consent_pending>closed", "consent_granted>closed", "in_review>closed");

    private ConsentLoop loop;
    private Opportunities opportunities;

    @BeforeEach
    void partner() {
        loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        opportunities = new Opportunities(loop, this::api);
    }

    static Stream<Arguments> everyPair() {
        return STAGES.stream().flatMap(from -> STAGES.stream().map(to -> Arguments.of(from, to)));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("everyPair")
    void aPartnerMovesOnlyAlongTheTable(String from, String to) {
        String id = opportunities.inStage(from);
        JsonNode before = opportunities.get(id).json();

        ApiResponse response = opportunities.patch(id, "{\"stage\":\"" + to + "\"}",
                "\"" + before.path("version").asInt() + "\"");

        JsonNode after = opportunities.get(id).json();
        if (PARTNER_MOVES.contains(from + ">" + to)) {
            assertThat(response.status()).as(response.body()).isEqualTo(200);
            assertThat(response.json().path("stage").asString()).isEqualTo(to);
            assertThat(after.path("version").asInt()).isEqualTo(before.path("version").asInt() + 1);
            assertThat(response.header("ETag")).isEqualTo("\"" + after.path("version").asInt() + "\"");
            JsonNode entry = after.path("timeline").get(0);
            assertThat(entry.path("type").asString()).isEqualTo("stage_changed");
            assertThat(entry.path("actor").asString()).isEqualTo(loop.client.clientId());
            assertThat(entry.path("details").path("from").asString()).isEqualTo(from);
            assertThat(entry.path("details").path("to").asString()).isEqualTo(to);
        } else {
            assertThat(response.status()).as(response.body()).isEqualTo(409);
            assertThat(response.errorCode()).isEqualTo("invalid_state_transition");
            assertThat(after.path("stage").asString()).isEqualTo(from);
            assertThat(after.path("version").asInt()).isEqualTo(before.path("version").asInt());
            assertThat(after.path("timeline").size()).isEqualTo(before.path("timeline").size());
        }
    }

    @Test
    void theTableAboveIsTheOneStageKeeps() {
        for (String from : STAGES) {
            for (String to : STAGES) {
                assertThat(Stage.fromWire(from).orElseThrow().partnerMayMoveTo(Stage.fromWire(to).orElseThrow()))
                        .as(from + " -> " + to).isEqualTo(PARTNER_MOVES.contains(from + ">" + to));
            }
        }
    }

    @Test
    void openingAndGrantingTheSessionMoveToConsentPendingThenConsentGranted() {
        Created created = opportunities.create("");
        opportunities.open(created);
        assertThat(stageOf(created)).isEqualTo("consent_pending");
        assertThat(loop.consumerCall(opportunities.consumer(), "POST", "/" + created.sessionId() + "/approve").status())
                .isEqualTo(200);
        JsonNode opportunity = opportunities.get(created.id()).json();
        assertThat(opportunity.path("stage").asString()).isEqualTo("consent_granted");
        JsonNode move = opportunity.path("timeline").get(0);
        assertThat(move.path("actor").asString()).isEqualTo("system");
        assertThat(move.path("details").path("from").asString()).isEqualTo("consent_pending");
        assertThat(opportunity.path("timeline").get(1).path("details").path("event").asString()).isEqualTo("session.granted");
    }

    @Test
    void aDeniedSessionWithdrawsTheOpportunity() {
        Created created = opportunities.create("");
        opportunities.open(created);
        loop.consumerCall(opportunities.consumer(), "POST", "/" + created.sessionId() + "/deny");
        assertThat(stageOf(created)).isEqualTo("withdrawn");
    }

    @Test
    void anExpiredSessionClosesTheOpportunity() {
        Created created = opportunities.create("\"expires_in\":300");
        clock.advance(Duration.ofSeconds(301));
        String token = tokenFor(loop.client);
        assertThat(api().get("/api/public/v1/sessions/" + created.sessionId()).bearer(token).send()
                .json().path("status").asString()).isEqualTo("expired");
        JsonNode opportunity = api().get(Opportunities.PATH + "/" + created.id()).bearer(token).send().json();
        assertThat(opportunity.path("stage").asString()).isEqualTo("closed");
        assertThat(opportunity.path("version").asInt()).isEqualTo(2);
    }

    @Test
    void aRevokedGrantWithdrawsTheOpportunityInAnyNonFinalStage() {
        for (String stage : List.of("consent_granted", "in_review", "approved")) {
            Created created = granted();
            if (!stage.equals("consent_granted")) {
                opportunities.move(created.id(), "in_review");
            }
            if (stage.equals("approved")) {
                opportunities.move(created.id(), "approved");
            }
            assertThat(loop.consumerCall(opportunities.consumer(), "POST", "/" + created.sessionId() + "/revoke").status())
                    .isEqualTo(200);
            JsonNode opportunity = opportunities.get(created.id()).json();
            assertThat(opportunity.path("stage").asString()).as(stage).isEqualTo("withdrawn");
            assertThat(opportunity.path("timeline").get(0).path("details").path("from").asString()).isEqualTo(stage);
        }
    }

    @Test
    void aRevokedGrantLeavesAFinalStageAlone() {
        for (String stage : List.of("declined", "closed")) {
            Created created = granted();
            if (stage.equals("declined")) {
                opportunities.move(created.id(), "in_review");
            }
            opportunities.move(created.id(), stage);
            int version = opportunities.get(created.id()).json().path("version").asInt();
            // The partner revokes this time; the consumer's revoke is the other path to the same move.
            assertThat(loop.revoke(created.sessionId()).status()).isEqualTo(200);
            JsonNode opportunity = opportunities.get(created.id()).json();
            assertThat(opportunity.path("stage").asString()).isEqualTo(stage);
            assertThat(opportunity.path("version").asInt()).isEqualTo(version);
            assertThat(opportunity.path("timeline").get(0).path("details").path("event").asString())
                    .isEqualTo("grant.revoked");
        }
    }

    @Test
    void aPartnerRevokingAPendingSessionClosesTheOpportunity() {
        Created created = opportunities.create("");
        assertThat(loop.revoke(created.sessionId()).status()).isEqualTo(200);
        assertThat(stageOf(created)).isEqualTo("closed");
    }

    private Created granted() {
        Created created = opportunities.create("");
        opportunities.grant(created);
        return created;
    }

    private String stageOf(Created created) {
        return opportunities.get(created.id()).json().path("stage").asString();
    }
}
