package io.assent.opportunities;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.assent.partners.Partner;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.ConsentLoop;
import tools.jackson.databind.JsonNode;

/**
 * The partner's writes to an opportunity (D11, D18): PATCH of owner, metadata and outcome with
 * their validation, If-Match and the version, notes and tasks, and who may make them.
 */
class OpportunityWritesApiTest extends ApiTest {

    private ConsentLoop loop;
    private Opportunities opportunities;

    @BeforeEach
    void partner() {
        loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        opportunities = new Opportunities(loop, this::api);
    }

    @Test
    void ownerMetadataAndOutcomeAreSetInOneNewVersion() {
        String id = opportunities.create("").id();
        ApiResponse patched = opportunities.patch(id, """
                {"owner":"dana@partner.example","metadata":{"segment":"smb"},
                 "outcome":{"result":"won","reason":"good fit","amount_minor":125000,"currency":"EUR"}}""", "\"1\"");
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
        JsonNode body = patched.json();
        assertThat(body.path("version").asInt()).isEqualTo(2);
        assertThat(patched.header("ETag")).isEqualTo("\"2\"");
        assertThat(body.path("owner").asString()).isEqualTo("dana@partner.example");
        assertThat(body.path("metadata").path("segment").asString()).isEqualTo("smb");
        assertThat(body.path("outcome").path("amount_minor").asLong()).isEqualTo(125000);
        assertThat(body.path("outcome").path("currency").asString()).isEqualTo("EUR");
        assertThat(body.has("timeline")).isFalse();

        JsonNode read = opportunities.get(id).json();
        assertThat(read.path("owner").asString()).isEqualTo("dana@partner.example");
        JsonNode outcomeSet = read.path("timeline").get(0);
        assertThat(outcomeSet.path("type").asString()).isEqualTo("outcome_set");
        assertThat(outcomeSet.path("actor").asString()).isEqualTo(loop.client.clientId());
        assertThat(outcomeSet.path("details").path("outcome").path("result").asString()).isEqualTo("won");
    }

    @Test
    void nullClearsOwnerAndOutcomeAndFieldsLeftOutAreKept() {
        String id = opportunities.create("").id();
        opportunities.patch(id, "{\"owner\":\"dana\",\"outcome\":{\"result\":\"lost\"},\"metadata\":{\"a\":\"1\"}}");
        JsonNode kept = opportunities.patch(id, "{\"owner\":\"sam\"}").json();
        assertThat(kept.path("outcome").path("result").asString()).isEqualTo("lost");
        assertThat(kept.path("outcome").path("reason").isNull()).isTrue();
        assertThat(kept.path("metadata").path("a").asString()).isEqualTo("1");

        JsonNode cleared = opportunities.patch(id, "{\"owner\":null,\"outcome\":null,\"metadata\":null}").json();
        assertThat(cleared.path("owner").isNull()).isTrue();
        assertThat(cleared.path("outcome").isNull()).isTrue();
        assertThat(cleared.path("metadata").size()).isZero();
        assertThat(cleared.path("version").asInt()).isEqualTo(4);
        JsonNode outcomeCleared = opportunities.get(id).json().path("timeline").get(0);
        assertThat(outcomeCleared.path("type").asString()).isEqualTo("outcome_set");
        assertThat(outcomeCleared.path("details").path("outcome").isNull()).isTrue();
    }

    @Test
    void aPatchThatChangesNothingKeepsTheVersion() {
        String id = opportunities.create("").id();
        opportunities.patch(id, "{\"owner\":\"dana\",\"outcome\":{\"result\":\"won\",\"amount_minor\":5,\"currency\":\"EUR\"}}");
        int timeline = opportunities.get(id).json().path("timeline").size();
        for (String same : List.of("{}", "{\"owner\":\"dana\"}",
                "{\"outcome\":{\"result\":\"won\",\"amount_minor\":5,\"currency\":\"EUR\"}}", "{\"metadata\":{}}")) {
            ApiResponse response = opportunities.patch(id, same, "\"2\"");
            assertThat(response.status()).as(same).isEqualTo(200);
            assertThat(response.json().path("version").asInt()).as(same).isEqualTo(2);
        }
        assertThat(opportunities.get(id).json().path("timeline").size()).isEqualTo(timeline);
    }

    @Test
    void wrongTypesAndUnknownFieldsAre400AndNeverCoerced() {
        String id = opportunities.create("").id();
        for (String body : List.of("{\"colour\":\"red\"}", "{\"outcome\":{\"result\":\"won\",\"extra\":1}}",
                "{\"outcome\":{\"result\":\"won\",\"amount_minor\":\"100\",\"currency\":\"EUR\"}}",
                "{\"outcome\":{\"result\":\"won\",\"amount_minor\":1.5,\"currency\":\"EUR\"}}",
                "{\"outcome\":{\"result\":\"won\",\"amount_minor\":100.0,\"currency\":\"EUR\"}}",
                "{\"outcome\":{\"result\":7}}", "{\"outcome\":\"won\"}", "{\"owner\":42}", "{\"owner\":true}",
                "{\"metadata\":{\"a\":1}}", "{\"metadata\":{\"a\":null}}", "{\"metadata\":[\"a\"]}",
                "{\"stage\":\"won\"}", "{\"stage\":null}", "{\"stage\":3}", "[]", "not json")) {
            ApiResponse response = opportunities.patch(id, body);
            assertThat(response.status()).as(body).isEqualTo(400);
            assertThat(response.errorCode()).as(body).isIn("invalid_request", "invalid_json");
        }
        assertThat(opportunities.get(id).json().path("version").asInt()).isEqualTo(1);
    }

    @Test
    void valuesOutOfRangeAre400ValidationFailedNamingTheField() {
        String id = opportunities.create("").id();
        String longKey = "k".repeat(41);
        List<String[]> cases = List.of(
                new String[] {"{\"owner\":\"" + "o".repeat(201) + "\"}", "owner"},
                new String[] {"{\"outcome\":{\"result\":\"\"}}", "outcome.result"},
                new String[] {"{\"outcome\":{\"reason\":\"r\"}}", "outcome.result"},
                new String[] {"{\"outcome\":{\"result\":\"" + "r".repeat(101) + "\"}}", "outcome.result"},
                new String[] {"{\"outcome\":{\"result\":\"won\",\"reason\":\"" + "r".repeat(1001) + "\"}}", "outcome.reason"},
                new String[] {"{\"outcome\":{\"result\":\"won\",\"amount_minor\":-1,\"currency\":\"EUR\"}}", "outcome.amount_minor"},
                new String[] {"{\"outcome\":{\"result\":\"won\",\"amount_minor\":1,\"currency\":\"EURO\"}}", "outcome.currency"},
                new String[] {"{\"outcome\":{\"result\":\"won\",\"amount_minor\":1,\"currency\":\"eur\"}}", "outcome.currency"},
                new String[] {"{\"outcome\":{\"result\":\"won\",\"amount_minor\":1}}", "outcome.currency"},
                new String[] {"{\"outcome\":{\"result\":\"won\",\"currency\":\"EUR\"}}", "outcome.amount_minor"},
                new String[] {"{\"metadata\":{\"" + longKey + "\":\"v\"}}", "metadata"},
                new String[] {"{\"metadata\":{\"k\":\"" + "v".repeat(501) + "\"}}", "metadata.k"});
        for (String[] c : cases) {
            ApiResponse response = opportunities.patch(id, c[0]);
            assertThat(response.status()).as(c[0]).isEqualTo(400);
            assertThat(response.errorCode()).as(c[0]).isEqualTo("validation_failed");
            assertThat(response.json().path("error").path("details").valueStream().map(d -> d.path("field").asString()))
                    .as(c[0]).contains(c[1]);
        }
        ApiResponse exact = opportunities.patch(id, "{\"owner\":\"" + "o".repeat(200) + "\",\"outcome\":{\"result\":\""
                + "r".repeat(100) + "\",\"amount_minor\":0,\"currency\":\"JPY\"}}");
        assertThat(exact.status()).as(exact.body()).isEqualTo(200);
    }

    @Test
    void aStaleIfMatchIs409VersionConflictNamingTheCurrentVersion() {
        String id = opportunities.create("").id();
        opportunities.patch(id, "{\"owner\":\"dana\"}", "\"1\"");
        ApiResponse stale = opportunities.patch(id, "{\"owner\":\"sam\"}", "\"1\"");
        assertThat(stale.status()).isEqualTo(409);
        assertThat(stale.errorCode()).isEqualTo("version_conflict");
        assertThat(stale.header("ETag")).isEqualTo("\"2\"");
        assertThat(stale.json().path("error").path("details").get(0).path("field").asString()).isEqualTo("version");
        assertThat(stale.json().path("error").path("message").asString()).contains("current version is 2");
        assertThat(opportunities.get(id).json().path("owner").asString()).isEqualTo("dana");

        assertThat(opportunities.patch(id, "{\"owner\":\"sam\"}", "*").status()).isEqualTo(200);
        assertThat(opportunities.patch(id, "{\"owner\":\"kim\"}").status()).isEqualTo(200);
        assertThat(opportunities.get(id).json().path("version").asInt()).isEqualTo(4);
    }

    @Test
    void aVersionConflictComesBeforeAnInvalidMove() {
        String id = opportunities.create("").id();
        ApiResponse response = opportunities.patch(id, "{\"stage\":\"approved\"}", "\"7\"");
        assertThat(response.errorCode()).isEqualTo("version_conflict");
    }

    @Test
    void malformedIfMatchIs400() {
        String id = opportunities.create("").id();
        for (String header : List.of("1", "W/\"1\"", "\"one\"", "\"\"", "\"1\", \"2\"")) {
            ApiResponse response = opportunities.patch(id, "{\"owner\":\"x\"}", header);
            assertThat(response.status()).as(header).isEqualTo(400);
            assertThat(response.errorCode()).as(header).isEqualTo("invalid_request");
        }
    }

    @Test
    void twoPatchesWithTheSameIfMatchGiveExactlyOne200AndOne409() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 5; round++) {
                String id = opportunities.create("").id();
                CountDownLatch start = new CountDownLatch(1);
                List<Future<ApiResponse>> answers = new ArrayList<>();
                for (String owner : List.of("dana", "sam")) {
                    Callable<ApiResponse> call = () -> {
                        start.await();
                        return opportunities.patch(id, "{\"owner\":\"" + owner + "\"}", "\"1\"");
                    };
                    answers.add(pool.submit(call));
                }
                start.countDown();
                List<Integer> statuses = new ArrayList<>();
                String winner = null;
                for (Future<ApiResponse> answer : answers) {
                    ApiResponse response = answer.get();
                    statuses.add(response.status());
                    if (response.status() == 200) {
                        winner = response.json().path("owner").asString();
                    } else {
                        assertThat(response.errorCode()).isEqualTo("version_conflict");
                    }
                }
                assertThat(statuses).containsExactlyInAnyOrder(200, 409);
                JsonNode after = opportunities.get(id).json();
                assertThat(after.path("version").asInt()).isEqualTo(2);
                assertThat(after.path("owner").asString()).isEqualTo(winner);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void concurrentPatchesWithoutIfMatchAreEachCounted() throws Exception {
        String id = opportunities.create("").id();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<ApiResponse>> answers = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String owner = "owner-" + i;
                answers.add(pool.submit(() -> {
                    start.await();
                    return opportunities.patch(id, "{\"owner\":\"" + owner + "\"}");
                }));
            }
            start.countDown();
            List<Integer> versions = new ArrayList<>();
            for (Future<ApiResponse> answer : answers) {
                ApiResponse response = answer.get();
                assertThat(response.status()).isEqualTo(200);
                versions.add(response.json().path("version").asInt());
            }
            assertThat(versions).containsExactlyInAnyOrder(2, 3, 4, 5, 6, 7, 8, 9);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void notesAndTasksLeaveTheVersionAlone() {
        String id = opportunities.create("").id();
        ApiResponse before = opportunities.get(id);
        ApiResponse note = opportunities.note(id, "{\"body\":\"Called the customer.\"}");
        assertThat(note.status()).as(note.body()).isEqualTo(201);
        assertThat(note.json().path("body").asString()).isEqualTo("Called the customer.");
        assertThat(note.json().path("author").asString()).isEqualTo(loop.client.clientId());
        assertThat(note.json().path("opportunity_id").asString()).isEqualTo(id);

        ApiResponse task = opportunities.task(id, "{\"title\":\"Send the offer\",\"due_at\":\"2030-01-02T09:00:00+01:00\",\"assignee\":\"dana\"}");
        assertThat(task.status()).as(task.body()).isEqualTo(201);
        assertThat(task.json().path("status").asString()).isEqualTo("open");
        assertThat(task.json().path("completed_at").isNull()).isTrue();
        assertThat(task.json().path("due_at").asString()).isEqualTo("2030-01-02T08:00:00Z");
        String taskId = task.json().path("id").asString();
        assertThat(opportunities.patchTask(id, taskId, "{\"status\":\"done\"}").status()).isEqualTo(200);

        ApiResponse after = opportunities.get(id);
        assertThat(after.header("ETag")).isEqualTo(before.header("ETag"));
        assertThat(after.json().path("version").asInt()).isEqualTo(1);
        assertThat(after.json().path("updated_at").asString()).isEqualTo(before.json().path("updated_at").asString());
        assertThat(Opportunities.timelineTypes(after.json())).startsWith("task_updated", "task_added", "note_added");
        assertThat(after.json().path("notes").get(0).path("id").asString()).isEqualTo(note.json().path("id").asString());
        assertThat(after.json().path("tasks").get(0).path("status").asString()).isEqualTo("done");
        // A note does not make an If-Match stale.
        assertThat(opportunities.patch(id, "{\"owner\":\"dana\"}", before.header("ETag")).status()).isEqualTo(200);
    }

    @Test
    void aTaskIsCompletedReopenedAndEdited() {
        String id = opportunities.create("").id();
        String taskId = opportunities.task(id, "{\"title\":\"Call back\"}").json().path("id").asString();

        JsonNode done = opportunities.patchTask(id, taskId, "{\"status\":\"done\"}").json();
        String completedAt = done.path("completed_at").asString();
        assertThat(completedAt).isNotEmpty();
        clock.advance(java.time.Duration.ofMinutes(5));
        JsonNode again = opportunities.patchTask(id, taskId, "{\"status\":\"done\",\"title\":\"Call back soon\"}").json();
        assertThat(again.path("completed_at").asString()).isEqualTo(completedAt);
        assertThat(again.path("title").asString()).isEqualTo("Call back soon");
        JsonNode reopened = opportunities.patchTask(id, taskId, "{\"status\":\"open\",\"assignee\":\"sam\",\"due_at\":\"2030-05-01T00:00:00Z\"}").json();
        assertThat(reopened.path("completed_at").isNull()).isTrue();
        assertThat(reopened.path("assignee").asString()).isEqualTo("sam");
        JsonNode cleared = opportunities.patchTask(id, taskId, "{\"assignee\":null,\"due_at\":null}").json();
        assertThat(cleared.path("assignee").isNull()).isTrue();
        assertThat(cleared.path("due_at").isNull()).isTrue();
        assertThat(cleared.path("title").asString()).isEqualTo("Call back soon");

        JsonNode updated = opportunities.get(id).json().path("timeline").get(0);
        assertThat(updated.path("type").asString()).isEqualTo("task_updated");
        assertThat(updated.path("details").path("task_id").asString()).isEqualTo(taskId);
        assertThat(updated.path("details").path("fields").valueStream().map(JsonNode::asString).toList())
                .containsExactly("due_at", "assignee");
    }

    @Test
    void notesAndTasksAreAllowedInFinalStages() {
        String id = opportunities.inStage("closed");
        assertThat(opportunities.note(id, "{\"body\":\"Closed after the call.\"}").status()).isEqualTo(201);
        assertThat(opportunities.task(id, "{\"title\":\"Archive the file\"}").status()).isEqualTo(201);
    }

    @Test
    void badNotesAndTasksAre400() {
        String id = opportunities.create("").id();
        String taskId = opportunities.task(id, "{\"title\":\"t\"}").json().path("id").asString();
        List<String[]> notes = List.of(new String[] {"{\"body\":\"\"}", "validation_failed"},
                new String[] {"{}", "validation_failed"},
                new String[] {"{\"body\":\"" + "b".repeat(10_001) + "\"}", "validation_failed"},
                new String[] {"{\"body\":\"b\",\"author\":\"me\"}", "invalid_request"},
                new String[] {"{\"body\":5}", "invalid_request"});
        for (String[] c : notes) {
            ApiResponse response = opportunities.note(id, c[0]);
            assertThat(response.status()).as(c[0]).isEqualTo(400);
            assertThat(response.errorCode()).as(c[0]).isEqualTo(c[1]);
        }
        assertThat(opportunities.note(id, "{\"body\":\"" + "b".repeat(10_000) + "\"}").status()).isEqualTo(201);
        List<String[]> tasks = List.of(new String[] {"{}", "validation_failed"},
                new String[] {"{\"title\":\"\"}", "validation_failed"},
                new String[] {"{\"title\":\"t\",\"assignee\":\"" + "a".repeat(201) + "\"}", "validation_failed"},
                new String[] {"{\"title\":\"t\",\"due_at\":\"tomorrow\"}", "invalid_request"},
                new String[] {"{\"title\":\"t\",\"due_at\":\"2030-01-01T00:00:00\"}", "invalid_request"},
                new String[] {"{\"title\":\"t\",\"due_at\":1700000000}", "invalid_request"},
                new String[] {"{\"title\":\"t\",\"status\":\"done\"}", "invalid_request"});
        for (String[] c : tasks) {
            ApiResponse response = opportunities.task(id, c[0]);
            assertThat(response.status()).as(c[0]).isEqualTo(400);
            assertThat(response.errorCode()).as(c[0]).isEqualTo(c[1]);
        }
        for (String body : List.of("{\"status\":\"closed\"}", "{\"status\":null}", "{\"title\":null}", "{\"id\":\"x\"}",
                "{\"due_at\":\"soon\"}")) {
            ApiResponse response = opportunities.patchTask(id, taskId, body);
            assertThat(response.status()).as(body).isEqualTo(400);
            assertThat(response.errorCode()).as(body).isEqualTo("invalid_request");
        }
        assertThat(opportunities.patchTask(id, taskId, "{\"title\":\"\"}").errorCode()).isEqualTo("validation_failed");
    }

    @Test
    void aNoteWithAnIdempotencyKeyIsAddedOnce() {
        String id = opportunities.create("").id();
        ApiResponse first = api().post(Opportunities.PATH + "/" + id + "/notes").bearer(loop.token)
                .header("Idempotency-Key", "note-1").json("{\"body\":\"once\"}").send();
        ApiResponse replay = api().post(Opportunities.PATH + "/" + id + "/notes").bearer(loop.token)
                .header("Idempotency-Key", "note-1").json("{\"body\":\"once\"}").send();
        assertThat(first.status()).isEqualTo(201);
        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(replay.json().path("id").asString()).isEqualTo(first.json().path("id").asString());
        assertThat(opportunities.get(id).json().path("notes").size()).isEqualTo(1);
    }

    @Test
    void anotherPartnerOrEnvironmentCannotWrite() {
        String id = opportunities.create("").id();
        String taskId = opportunities.task(id, "{\"title\":\"t\"}").json().path("id").asString();
        Partner other = fixtures.partner();
        String otherPartner = tokenFor(fixtures.partnerClient(other, Environment.SANDBOX, Set.copyOf(Scopes.PARTNER)));
        String production = tokenFor(fixtures.partnerClient(loop.partner, Environment.PRODUCTION, Set.copyOf(Scopes.PARTNER)));
        for (String token : List.of(otherPartner, production)) {
            assertThat(writes(token, id, taskId)).containsOnly(404);
        }
        // A task is found only under its own opportunity.
        String otherOpportunity = opportunities.create("").id();
        assertThat(opportunities.patchTask(otherOpportunity, taskId, "{\"status\":\"done\"}").status()).isEqualTo(404);
        assertThat(opportunities.patchTask(id, java.util.UUID.randomUUID().toString(), "{\"status\":\"done\"}").status())
                .isEqualTo(404);
        assertThat(opportunities.patchTask(id, "nope", "{\"status\":\"done\"}").status()).isEqualTo(404);
        assertThat(opportunities.patch("nope", "{}").status()).isEqualTo(404);
        JsonNode untouched = opportunities.get(id).json();
        assertThat(untouched.path("version").asInt()).isEqualTo(1);
        assertThat(untouched.path("notes").size()).isZero();
        assertThat(untouched.path("tasks").get(0).path("status").asString()).isEqualTo("open");
    }

    @Test
    void writingNeedsTheWriteScope() {
        String id = opportunities.create("").id();
        String taskId = opportunities.task(id, "{\"title\":\"t\"}").json().path("id").asString();
        String readOnly = tokenFor(fixtures.partnerClient(loop.partner, Environment.SANDBOX,
                Set.of("partner.opportunities.read")));
        assertThat(writes(readOnly, id, taskId)).containsOnly(403);
        assertThat(api().get(Opportunities.PATH + "/" + id).bearer(readOnly).send().status()).isEqualTo(200);
    }

    private List<Integer> writes(String token, String id, String taskId) {
        String base = Opportunities.PATH + "/" + id;
        return List.of(
                api().patch(base).bearer(token).json("{\"stage\":\"closed\"}").send().status(),
                api().post(base + "/notes").bearer(token).json("{\"body\":\"x\"}").send().status(),
                api().post(base + "/tasks").bearer(token).json("{\"title\":\"x\"}").send().status(),
                api().patch(base + "/tasks/" + taskId).bearer(token).json("{\"status\":\"done\"}").send().status());
    }
}
