package io.assent.opportunities;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import io.assent.support.ApiClient;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ConsentLoop;
import io.assent.support.ConsentLoop.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * The partner's opportunity calls over HTTP, and opportunities brought to any stage the way a
 * partner and a consumer would (sessions, consumer answers, PATCHes), for the opportunity tests.
 */
final class Opportunities {

    static final String PATH = "/api/public/v1/opportunities";

    private final ConsentLoop loop;
    private final java.util.function.Supplier<ApiClient> api;
    private Consumer consumer;

    Opportunities(ConsentLoop loop, java.util.function.Supplier<ApiClient> api) {
        this.loop = loop;
        this.api = api;
    }

    /** A new session's opportunity and the session, in stage {@code new}. */
    Created create(String extraJson) {
        ApiResponse session = loop.create(extraJson);
        assertThat(session.status()).as(session.body()).isEqualTo(201);
        return new Created(session.json().path("opportunity_id").asString(), session.json().path("session_id").asString());
    }

    /** An opportunity brought to {@code stage} by the moves of D11 (consumer answers, then partner PATCHes). */
    String inStage(String stage) {
        Created created = create("");
        switch (stage) {
            case "new" -> { }
            case "consent_pending" -> open(created);
            case "consent_granted" -> grant(created);
            case "in_review" -> {
                grant(created);
                move(created.id(), "in_review");
            }
            case "approved", "declined" -> {
                grant(created);
                move(created.id(), "in_review");
                move(created.id(), stage);
            }
            case "withdrawn" -> {
                open(created);
                assertThat(loop.consumerCall(consumer(), "POST", "/" + created.sessionId() + "/deny").status()).isEqualTo(200);
            }
            case "closed" -> move(created.id(), "closed");
            default -> throw new IllegalArgumentException(stage);
        }
        assertThat(get(created.id()).json().path("stage").asString()).isEqualTo(stage);
        return created.id();
    }

    void open(Created created) {
        assertThat(loop.consumerCall(consumer(), "GET", "/" + created.sessionId()).status()).isEqualTo(200);
    }

    void grant(Created created) {
        open(created);
        assertThat(loop.consumerCall(consumer(), "POST", "/" + created.sessionId() + "/approve").status()).isEqualTo(200);
    }

    /** One consumer answers all sessions: making a consumer costs a whole OAuth flow. */
    Consumer consumer() {
        if (consumer == null) {
            consumer = loop.consumer();
        }
        return consumer;
    }

    void move(String id, String stage) {
        ApiResponse moved = patch(id, "{\"stage\":\"" + stage + "\"}");
        assertThat(moved.status()).as(moved.body()).isEqualTo(200);
    }

    ApiResponse get(String id) {
        return api.get().get(PATH + "/" + id).bearer(loop.token).send();
    }

    ApiResponse patch(String id, String json) {
        return api.get().patch(PATH + "/" + id).bearer(loop.token).json(json).send();
    }

    ApiResponse patch(String id, String json, String ifMatch) {
        return api.get().patch(PATH + "/" + id).bearer(loop.token).header("If-Match", ifMatch).json(json).send();
    }

    ApiResponse note(String id, String json) {
        return api.get().post(PATH + "/" + id + "/notes").bearer(loop.token).json(json).send();
    }

    ApiResponse task(String id, String json) {
        return api.get().post(PATH + "/" + id + "/tasks").bearer(loop.token).json(json).send();
    }

    ApiResponse patchTask(String id, String taskId, String json) {
        return api.get().patch(PATH + "/" + id + "/tasks/" + taskId).bearer(loop.token).json(json).send();
    }

    ApiResponse list(String query) {
        return api.get().get(PATH + query).bearer(loop.token).send();
    }

    static List<String> ids(JsonNode page) {
        return page.path("data").valueStream().map(o -> o.path("id").asString()).toList();
    }

    /** The timeline's entry types, newest first. */
    static List<String> timelineTypes(JsonNode opportunity) {
        return opportunity.path("timeline").valueStream().map(e -> e.path("type").asString()).toList();
    }

    record Created(String id, String sessionId) {
    }
}
