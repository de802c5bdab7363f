package io.assent.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ConsentLoop;

class ActivityApiTest extends ConsumerApiTest {

    @Test
    void historyIsNewestFirstInPagesWithALinkHeader() {
        Me me = consumer();
        for (int i = 0; i < 5; i++) {
            post(me, "/contacts", "{\"kind\":\"phone\",\"value\":\"+1555555" + (1000 + i) + "\"}");
        }
        patch(me, "/profile", "{\"first_name\":\"Grace\"}");

        List<String> types = new ArrayList<>();
        String path = "/history?limit=2";
        int pages = 0;
        while (path != null) {
            ApiResponse page = get(me, path);
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.json().isArray()).isTrue();
            assertThat(page.json().size()).isLessThanOrEqualTo(2);
            page.json().forEach(event -> types.add(event.path("type").asString()));
            String link = page.header("Link");
            path = link == null ? null : next(link);
            pages++;
        }
        // the sign-in of the token's authorization, then five contacts, then the profile
        assertThat(types).hasSize(7);
        assertThat(types.get(0)).isEqualTo("profile_updated");
        assertThat(types.subList(1, 6)).containsOnly("contact_added");
        assertThat(types.get(6)).isEqualTo("signed_in");
        assertThat(pages).isEqualTo(4);

        var first = get(me, "/history?limit=1").json().get(0);
        assertThat(first.path("actor").asString()).isEqualTo("consumer");
        assertThat(first.path("summary").asString()).isNotBlank();
        assertThat(first.path("details").path("fields").get(0).asString()).isEqualTo("first_name");
        assertThat(get(me, "/history?limit=0").status()).isEqualTo(400);
        assertThat(get(me, "/history?cursor=garbage").status()).isEqualTo(400);
    }

    static String next(String link) {
        URI uri = URI.create(link.substring(link.indexOf('<') + 1, link.indexOf('>')));
        assertThat(link).endsWith("rel=\"next\"");
        return uri.getRawPath().substring(ME.length()) + "?" + uri.getRawQuery();
    }

    @Test
    void notificationsAreListedFilteredAndMarkedReadOnce() {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        String session = loop.createSession();
        ConsentLoop.Consumer consumer = loop.consumer();
        loop.consumerCall(consumer, "GET", "/" + session);
        loop.consumerCall(consumer, "POST", "/" + session + "/approve");
        Me me = withScopes(new Me(consumer.account(), consumer.token()), ALL_SCOPES);

        ApiResponse all = get(me, "/notifications");
        assertThat(all.status()).isEqualTo(200);
        assertThat(all.json().size()).isEqualTo(2);
        assertThat(all.json().get(0).path("type").asString()).isEqualTo("grant_created");
        assertThat(all.json().get(0).path("link").asString()).contains("/account/");
        String id = all.json().get(0).path("id").asString();

        ApiResponse read = post(me, "/notifications/" + id + "/read", "{}");
        assertThat(read.status()).isEqualTo(200);
        String readAt = read.json().path("read_at").asString();
        assertThat(readAt).isNotBlank();
        clock.advance(java.time.Duration.ofSeconds(30));
        assertThat(post(me, "/notifications/" + id + "/read", "{}").json().path("read_at").asString()).isEqualTo(readAt);

        ApiResponse unread = get(me, "/notifications?unread=true");
        assertThat(unread.json().size()).isEqualTo(1);
        assertThat(unread.json().get(0).path("type").asString()).isEqualTo("session_pending");
        assertThat(get(me, "/notifications?unread=maybe").status()).isEqualTo(400);

        Me other = consumer();
        assertThat(post(other, "/notifications/" + id + "/read", "{}").status()).isEqualTo(404);
        assertThat(post(other, "/notifications/nope/read", "{}").status()).isEqualTo(404);
        assertThat(get(other, "/notifications").json().size()).isZero();
    }

    @Test
    void needsTheHistoryAndNotificationScopes() {
        Me me = consumer("consumer.profile.read consumer.notifications.read");
        assertThat(get(me, "/history").errorCode()).isEqualTo("insufficient_scope");
        assertThat(get(me, "/notifications").status()).isEqualTo(200);
        assertThat(post(me, "/notifications/x/read", "{}").errorCode()).isEqualTo("insufficient_scope");
        Me none = consumer("consumer.history.read");
        assertThat(get(none, "/notifications").status()).isEqualTo(403);
    }

    @Test
    void everyPasswordSignInIsRecorded() {
        Me me = consumer("consumer.history.read");
        oauth().idpToken(me.account());
        long signIns = jdbc.sql("select count(*) from history_events where consumer_id = :c and event_type = 'signed_in'")
                .param("c", me.account().id()).query(Long.class).single();
        assertThat(signIns).isEqualTo(2);
    }
}
