package io.assent.partnerportal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import io.assent.identity.AccountType;
import io.assent.identity.IdentityService;
import io.assent.identity.NewUser;
import io.assent.partners.PartnerService;
import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.ConsentLoop;
import io.assent.support.OAuthFlows;
import io.assent.support.PageClient;
import tools.jackson.databind.JsonNode;

/**
 * The opportunity board over HTTP: stage moves, notes and tasks made on the pages are the API's
 * (same timeline, actor = staff e-mail), a stale page's edit is refused with the current values, search.
 */
class PartnerOpportunityPagesTest extends ApiTest {

    @Autowired
    private IdentityService identity;
    @Autowired
    private PartnerService partners;

    @Test
    void movesNotesTasksAndAStaleEditThroughThePages() {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        String session = loop.createSession();
        ConsentLoop.Consumer consumer = loop.consumer();
        loop.consumerCall(consumer, "GET", "/" + session);
        loop.consumerCall(consumer, "POST", "/" + session + "/approve");
        String opportunity = loop.session(session).json().path("opportunity_id").asString();

        String email = "staff-" + UUID.randomUUID() + "@partner.example";
        identity.create(new NewUser(email, OAuthFlows.PASSWORD, AccountType.STAFF, Optional.empty(), Optional.empty()));
        partners.addMember(loop.partner.id(), email);
        PageClient pages = new PageClient(root());
        assertThat(pages.submit("/partner", "/partner/sign-in", Map.of("email", email, "password", OAuthFlows.PASSWORD)).statusCode())
                .isEqualTo(302);

        String board = pages.get("/partner/sandbox/opportunities").body();
        String granted = board.substring(board.indexOf("id=\"stage-consent_granted\""), board.indexOf("id=\"stage-in_review\""));
        assertThat(granted).contains(opportunity).contains("<span class=\"count\">1</span>");
        String page = "/partner/sandbox/opportunities/" + opportunity;
        int version = api(opportunity, loop).path("version").asInt();

        HttpResponse<String> moved = pages.submit("/partner/sandbox/opportunities", page,
                Map.of("stage", "in_review", "version", String.valueOf(version), "back", "board"));
        assertThat(moved.statusCode()).isEqualTo(302);
        assertThat(PageClient.location(moved).orElseThrow()).endsWith("/partner/sandbox/opportunities");
        JsonNode read = api(opportunity, loop);
        assertThat(read.path("stage").asString()).isEqualTo("in_review");
        assertThat(read.path("timeline").get(0).path("actor").asString()).isEqualTo(email);

        // A page read before the move still says the old version: its edit is refused with the current values.
        HttpResponse<String> stale = pages.submit(page, page, Map.of("owner", "Alex", "version", String.valueOf(version)));
        assertThat(stale.statusCode()).isEqualTo(409);
        assertThat(stale.body()).contains("Someone changed this opportunity").contains("stage in_review")
                .contains("version " + (version + 1)).contains("id=\"stage\">in_review<");
        assertThat(api(opportunity, loop).path("owner").isNull()).isTrue();

        HttpResponse<String> wrongMove = pages.submit(page, page, Map.of("stage", "consent_pending", "version", String.valueOf(version + 1)));
        assertThat(wrongMove.statusCode()).isEqualTo(409);
        assertThat(wrongMove.body()).contains("cannot be moved to consent_pending");

        assertThat(pages.submit(page, page, Map.of("stage", "approved", "version", String.valueOf(version + 1))).statusCode()).isEqualTo(302);
        assertThat(pages.submit(page, page + "/notes", Map.of("body", "Called the applicant; payslips look fine.")).statusCode()).isEqualTo(302);
        assertThat(pages.submit(page, page + "/notes", Map.of("body", "")).statusCode()).isEqualTo(400);
        assertThat(pages.submit(page, page + "/tasks", Map.of("title", "Send the offer letter", "dueDate", "2030-01-31",
                "assignee", "Alex")).statusCode()).isEqualTo(302);

        JsonNode after = api(opportunity, loop);
        assertThat(after.path("stage").asString()).isEqualTo("approved");
        assertThat(after.path("notes").get(0).path("author").asString()).isEqualTo(email);
        assertThat(after.path("tasks").get(0).path("due_at").asString()).isEqualTo("2030-01-31T00:00:00Z");
        assertThat(after.path("timeline").get(0).path("type").asString()).isEqualTo("task_added");
        assertThat(after.path("timeline").get(1).path("type").asString()).isEqualTo("note_added");
        assertThat(after.path("timeline").get(1).path("actor").asString()).isEqualTo(email);

        String detail = pages.get(page).body();
        assertThat(detail).contains("Called the applicant").contains("Send the offer letter").contains("Stage in_review → approved");
        String taskId = after.path("tasks").get(0).path("id").asString();
        assertThat(pages.submit(page, page + "/tasks/" + taskId, Map.of("status", "done")).statusCode()).isEqualTo(302);
        assertThat(api(opportunity, loop).path("tasks").get(0).path("status").asString()).isEqualTo("done");

        String found = pages.get("/partner/sandbox/opportunities?q=PAYSLIPS").body();
        assertThat(found).contains("1 found").contains(opportunity);
        assertThat(pages.get("/partner/sandbox/opportunities?q=nothing-like-this").body()).contains("0 found");
        var tooShort = pages.get("/partner/sandbox/opportunities?q=ab");
        assertThat(tooShort.statusCode()).isEqualTo(400);
        assertThat(tooShort.body()).contains("id=\"q-error\"").contains("3 to 200 characters").contains("consent_granted");
    }

    private JsonNode api(String opportunity, ConsentLoop loop) {
        ApiResponse read = api().get("/api/public/v1/opportunities/" + opportunity).bearer(loop.token).send();
        assertThat(read.status()).isEqualTo(200);
        return read.json();
    }
}
