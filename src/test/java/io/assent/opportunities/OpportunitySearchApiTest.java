package io.assent.opportunities;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.ConsentLoop;
import tools.jackson.databind.JsonNode;

/** {@code q} (D18) and the keyset pages of {@code GET /opportunities} while opportunities are being created (D10). */
class OpportunitySearchApiTest extends ApiTest {

    private ConsentLoop loop;
    private Opportunities opportunities;

    @BeforeEach
    void partner() {
        loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        opportunities = new Opportunities(loop, this::api);
    }

    private List<String> search(String q) {
        ApiResponse response = opportunities.list("?q=" + URLEncoder.encode(q, StandardCharsets.UTF_8));
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return Opportunities.ids(response.json());
    }

    @Test
    void qFindsReferencesNotesTaskTitlesAndMetadataValuesIgnoringCase() {
        String byReference = opportunities.create("\"external_reference\":\"CRM-Lead-4471\"").id();
        String byNote = opportunities.create("").id();
        opportunities.note(byNote, "{\"body\":\"Customer prefers a Tuesday callback\"}");
        String byTask = opportunities.create("").id();
        opportunities.task(byTask, "{\"title\":\"Prepare the Mortgage offer\"}");
        String byMetadata = opportunities.create("").id();
        opportunities.patch(byMetadata, "{\"metadata\":{\"branch\":\"Rotterdam-Zuid\"}}");
        opportunities.create("\"external_reference\":\"unrelated\"");

        assertThat(search("lead-44")).containsExactly(byReference);
        assertThat(search("crm-LEAD")).containsExactly(byReference);
        assertThat(search("tuesday call")).containsExactly(byNote);
        assertThat(search("MORTGAGE")).containsExactly(byTask);
        assertThat(search("rotterdam")).containsExactly(byMetadata);
        assertThat(search("branch")).as("metadata keys are not searched").isEmpty();
        assertThat(search("nowhere to be found")).isEmpty();
    }

    @Test
    void qFollowsChangesToWhatItSearches() {
        String id = opportunities.create("").id();
        opportunities.patch(id, "{\"metadata\":{\"city\":\"Utrecht\"}}");
        String taskId = opportunities.task(id, "{\"title\":\"Send brochure\"}").json().path("id").asString();
        assertThat(search("utrecht")).containsExactly(id);
        assertThat(search("brochure")).containsExactly(id);

        opportunities.patch(id, "{\"metadata\":{\"city\":\"Leiden\"}}");
        opportunities.patchTask(id, taskId, "{\"title\":\"Send contract\"}");
        assertThat(search("utrecht")).isEmpty();
        assertThat(search("brochure")).isEmpty();
        assertThat(search("leiden")).containsExactly(id);
        assertThat(search("contract")).containsExactly(id);
    }

    @Test
    void wildcardsInQAreTakenLiterally() {
        String percent = opportunities.create("\"external_reference\":\"50%_off\"").id();
        String plain = opportunities.create("\"external_reference\":\"500 off\"").id();
        assertThat(search("50%")).containsExactly(percent);
        assertThat(search("0_o")).isEmpty();
        assertThat(search("%_o")).containsExactly(percent);
        assertThat(search("0 o")).containsExactly(plain);
        assertThat(search("\\\\\\")).isEmpty();
    }

    @Test
    void qCombinesWithTheOtherFiltersAndPages() {
        List<String> matching = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            matching.add(opportunities.create("\"external_reference\":\"batch-" + i + "\"").id());
        }
        opportunities.move(matching.get(0), "closed");
        assertThat(Opportunities.ids(opportunities.list("?q=batch&stage=closed").json())).containsExactly(matching.get(0));
        assertThat(Opportunities.ids(opportunities.list("?q=batch&stage=new").json()))
                .containsExactly(matching.get(4), matching.get(3), matching.get(2), matching.get(1));

        JsonNode first = opportunities.list("?q=batch&limit=3").json();
        assertThat(first.path("has_more").asBoolean()).isTrue();
        JsonNode second = opportunities.list("?q=batch&limit=3&cursor=" + first.path("next_cursor").asString()).json();
        List<String> seen = new ArrayList<>(Opportunities.ids(first));
        seen.addAll(Opportunities.ids(second));
        assertThat(second.path("has_more").asBoolean()).isFalse();
        java.util.Collections.reverse(matching);
        assertThat(seen).containsExactlyElementsOf(matching);
    }

    @Test
    void anotherTenantsTextIsNotFound() {
        opportunities.create("\"external_reference\":\"shared-secret-ref\"");
        ConsentLoop other = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        ApiResponse response = api().get(Opportunities.PATH + "?q=shared-secret").bearer(other.token).send();
        assertThat(Opportunities.ids(response.json())).isEmpty();
    }

    @Test
    void badQIs400() {
        // fewer than three characters make no trigram: such a search could not use the index
        for (String query : List.of("?q=", "?q=ab", "?q=" + "x".repeat(201))) {
            ApiResponse response = opportunities.list(query);
            assertThat(response.status()).as(query).isEqualTo(400);
            assertThat(response.errorCode()).isEqualTo("invalid_request");
            assertThat(response.body()).contains("3 to 200 characters");
        }
        assertThat(opportunities.list("?q=abc").status()).isEqualTo(200);
        assertThat(opportunities.list("?q=" + "x".repeat(200)).status()).isEqualTo(200);
    }

    @Test
    void pagingVisitsEveryOpportunityOnceWhileOthersAreCreated() throws Exception {
        Set<String> existing = new HashSet<>();
        for (int i = 0; i < 12; i++) {
            existing.add(opportunities.create("").id());
        }
        AtomicBoolean paging = new AtomicBoolean(true);
        ExecutorService writer = Executors.newSingleThreadExecutor();
        Future<List<String>> inserted = writer.submit(() -> {
            List<String> made = new ArrayList<>();
            while (paging.get() && made.size() < 40) {
                made.add(opportunities.create("").id());
            }
            return made;
        });
        List<String> seen = new ArrayList<>();
        List<java.time.Instant> created = new ArrayList<>();
        try {
            String cursor = null;
            do {
                JsonNode page = opportunities.list("?limit=2" + (cursor == null ? "" : "&cursor=" + cursor)).json();
                seen.addAll(Opportunities.ids(page));
                page.path("data").valueStream().forEach(o -> created.add(java.time.Instant.parse(o.path("created_at").asString())));
                cursor = page.path("has_more").asBoolean() ? page.path("next_cursor").asString() : null;
            } while (cursor != null);
        } finally {
            paging.set(false);
        }
        List<String> made = inserted.get();
        writer.shutdown();
        assertThat(made).isNotEmpty();
        assertThat(seen).doesNotHaveDuplicates();
        assertThat(seen).containsAll(existing);
        // Whatever else was seen was created during the walk, never an opportunity of another tenant.
        Set<String> all = new HashSet<>(existing);
        all.addAll(made);
        assertThat(all).containsAll(seen);
        assertThat(created).as("newest first throughout").isSortedAccordingTo(java.util.Comparator.reverseOrder());
    }
}
