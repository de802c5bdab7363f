package io.assent.products;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import io.assent.partners.ClientCredentials;
import io.assent.partners.Partner;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import io.assent.platform.security.Tenant;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import tools.jackson.databind.JsonNode;

/** The Products API over HTTP (spec "Products", D8, D9, D10, D16), every answer checked against the OpenAPI document. */
class ProductsApiTest extends ApiTest {

    private static final String PRODUCTS = "/api/public/v1/products";
    private static final String PUBLISHABLE = """
            {"name":"Personal loan","purpose":"To assess your loan application.","data_categories":["profile","addresses"]}""";
    private static final String RFC_3339_UTC = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?Z";

    @Autowired
    private ProductService products;

    private Partner partner;
    private String token;

    @BeforeEach
    void partnerClient() {
        partner = fixtures.partner();
        token = tokenFor(fixtures.partnerClient(partner, Environment.SANDBOX, Set.copyOf(Scopes.PARTNER)));
    }

    // --- create -------------------------------------------------------------------------------

    @Test
    void createAnswers201WithTheDraftItsDefaultsAndALocation() {
        ApiResponse created = create("{\"name\":\"Personal loan\"}");

        assertThat(created.status()).isEqualTo(201);
        JsonNode product = created.json();
        String id = product.path("id").asString();
        assertThat(UUID.fromString(id)).isNotNull();
        assertThat(product.path("name").asString()).isEqualTo("Personal loan");
        assertThat(product.path("lifecycle_status").asString()).isEqualTo("draft");
        assertThat(product.path("environment").asString()).isEqualTo("sandbox");
        for (String empty : List.of("description", "purpose", "retention_days", "current_version")) {
            assertThat(product.has(empty)).as(empty).isTrue();
            assertThat(product.path(empty).isNull()).as(empty).isTrue();
        }
        assertThat(product.path("data_categories").isArray()).isTrue();
        assertThat(product.path("data_categories").size()).isZero();
        assertThat(product.path("metadata").isObject()).isTrue();
        assertThat(product.path("metadata").size()).isZero();
        assertThat(product.path("created_at").asString()).matches(RFC_3339_UTC);
        assertThat(product.path("updated_at").asString()).isEqualTo(product.path("created_at").asString());
        assertThat(product.has("versions")).isFalse();
        assertThat(created.header("Location")).isEqualTo(root() + PRODUCTS + "/" + id);

        ApiResponse read = api().get(PRODUCTS + "/" + id).bearer(token).send();
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json().path("created_at")).isEqualTo(product.path("created_at"));
    }

    @Test
    void createTakesEveryDraftField() {
        ApiResponse created = create("""
                {"name":"Mortgage","environment":"sandbox","description":"A mortgage in principle.",
                 "purpose":"To decide on your mortgage.","data_categories":["documents","profile","documents"],
                 "retention_days":90,"metadata":{"team":"lending","cost_centre":"42"}}""");

        assertThat(created.status()).isEqualTo(201);
        JsonNode product = created.json();
        assertThat(product.path("description").asString()).isEqualTo("A mortgage in principle.");
        assertThat(product.path("purpose").asString()).isEqualTo("To decide on your mortgage.");
        // A set: duplicates collapse, and the order is always profile, contacts, addresses, documents.
        assertThat(strings(product.path("data_categories"))).containsExactly("profile", "documents");
        assertThat(product.path("retention_days").asInt()).isEqualTo(90);
        assertThat(product.path("metadata").path("team").asString()).isEqualTo("lending");
        assertThat(product.path("metadata").path("cost_centre").asString()).isEqualTo("42");
    }

    @Test
    void createWithoutAnIdempotencyKeyIs400() {
        ApiResponse response = api().post(PRODUCTS).bearer(token).json("{\"name\":\"No key\"}").send();
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode()).isEqualTo("idempotency_key_missing");
        assertThat(list("").path("data").size()).isZero();
    }

    @Test
    void theSameKeyAndBodyReplayTheFirstAnswerAndCreateOneProduct() {
        String key = UUID.randomUUID().toString();
        ApiResponse first = create(key, "{\"name\":\"Replayed\"}");
        ApiResponse second = create(key, "{\"name\":\"Replayed\"}");

        assertThat(first.status()).isEqualTo(201);
        assertThat(first.header("Idempotent-Replayed")).isNull();
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(second.header("Location")).isEqualTo(first.header("Location"));
        assertThat(list("").path("data").size()).isEqualTo(1);
    }

    @Test
    void theSameKeyWithAnotherBodyIs422() {
        String key = UUID.randomUUID().toString();
        assertThat(create(key, "{\"name\":\"First\"}").status()).isEqualTo(201);

        ApiResponse reused = create(key, "{\"name\":\"Second\"}");
        assertThat(reused.status()).isEqualTo(422);
        assertThat(reused.errorCode()).isEqualTo("idempotency_key_reused");
        assertThat(list("").path("data").size()).isEqualTo(1);
    }

    @Test
    void aNameIsRequired() {
        for (String body : List.of("{}", "{\"name\":null}", "{\"name\":\"  \"}", "{\"name\":\"" + "n".repeat(201) + "\"}")) {
            ApiResponse response = create(body);
            assertThat(response.status()).as(body).isEqualTo(400);
            assertThat(response.errorCode()).as(body).isEqualTo("validation_failed");
            assertThat(response.json().path("error").path("details").get(0).path("field").asString()).isEqualTo("name");
        }
        assertThat(create("{\"name\":\"" + "n".repeat(200) + "\"}").status()).isEqualTo(201);
    }

    @Test
    void unknownCategoriesAre400NamingTheEntry() {
        ApiResponse response = create("{\"name\":\"Loan\",\"data_categories\":[\"profile\",\"income\"]}");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode()).isEqualTo("invalid_request");
        assertThat(response.json().path("error").path("message").asString()).contains("data_categories[1]", "income");

        ApiResponse nullEntry = create("{\"name\":\"Loan\",\"data_categories\":[null]}");
        assertThat(nullEntry.status()).isEqualTo(400);
        assertThat(nullEntry.errorCode()).isEqualTo("invalid_request");
    }

    @Test
    void unknownFieldsAre400NamingTheField() {
        ApiResponse response = create("{\"name\":\"Loan\",\"colour\":\"blue\"}");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode()).isEqualTo("invalid_request");
        assertThat(response.json().path("error").path("message").asString()).contains("colour");
    }

    @Test
    void valuesOfTheWrongTypeAre400NeverCoerced() {
        for (String body : List.of(
                "{\"name\":\"Loan\",\"retention_days\":\"30\"}",
                "{\"name\":\"Loan\",\"retention_days\":1.5}",
                "{\"name\":42}",
                "{\"name\":\"Loan\",\"data_categories\":\"profile\"}",
                "{\"name\":\"Loan\",\"metadata\":{\"tier\":1}}",
                "{\"name\":\"Loan\",\"metadata\":[\"tier\"]}")) {
            ApiResponse response = create(body);
            assertThat(response.status()).as(body).isEqualTo(400);
            assertThat(response.errorCode()).as(body).isEqualTo("invalid_request");
        }
        ApiResponse retention = create("{\"name\":\"Loan\",\"retention_days\":\"30\"}");
        assertThat(retention.json().path("error").path("message").asString()).contains("retention_days");
        ApiResponse notAnObject = create("[\"Loan\"]");
        assertThat(notAnObject.status()).isEqualTo(400);
        assertThat(notAnObject.errorCode()).isEqualTo("invalid_json");
    }

    @Test
    void retentionDaysArePositive() {
        for (String days : List.of("0", "-5")) {
            ApiResponse response = create("{\"name\":\"Loan\",\"retention_days\":" + days + "}");
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.errorCode()).isEqualTo("validation_failed");
            assertThat(response.json().path("error").path("details").get(0).path("field").asString()).isEqualTo("retention_days");
        }
        assertThat(create("{\"name\":\"Loan\",\"retention_days\":1}").status()).isEqualTo(201);
    }

    @Test
    void theEnvironmentMustBeTheClients() {
        ApiResponse other = create("{\"name\":\"Loan\",\"environment\":\"production\"}");
        assertThat(other.status()).isEqualTo(400);
        assertThat(other.errorCode()).isEqualTo("invalid_request");
        assertThat(other.json().path("error").path("message").asString()).contains("environment");

        ApiResponse unknown = create("{\"name\":\"Loan\",\"environment\":\"staging\"}");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.errorCode()).isEqualTo("invalid_request");

        assertThat(create("{\"name\":\"Loan\",\"environment\":\"sandbox\"}").status()).isEqualTo(201);
        String production = tokenFor(fixtures.partnerClient(partner, Environment.PRODUCTION, Set.copyOf(Scopes.PARTNER)));
        ApiResponse made = api().post(PRODUCTS).bearer(production).header("Idempotency-Key", UUID.randomUUID().toString())
                .json("{\"name\":\"Loan\"}").send();
        assertThat(made.status()).isEqualTo(201);
        assertThat(made.json().path("environment").asString()).isEqualTo("production");
    }

    @Test
    void metadataIsBoundedAt50KeysOf40CharactersAnd500CharacterValues() {
        ApiResponse largest = create("{\"name\":\"Loan\",\"metadata\":" + metadata(50, 40, 500) + "}");
        assertThat(largest.status()).isEqualTo(201);
        String id = largest.json().path("id").asString();
        assertThat(api().get(PRODUCTS + "/" + id).bearer(token).send().json().path("metadata").size()).isEqualTo(50);

        for (String tooMuch : List.of(metadata(51, 10, 10), metadata(1, 41, 10), metadata(1, 10, 501), "{\"\":\"empty key\"}")) {
            ApiResponse response = create("{\"name\":\"Loan\",\"metadata\":" + tooMuch + "}");
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.errorCode()).isEqualTo("validation_failed");
            assertThat(response.json().path("error").path("details").get(0).path("field").asString()).startsWith("metadata");
        }
        ApiResponse nullValue = create("{\"name\":\"Loan\",\"metadata\":{\"tier\":null}}");
        assertThat(nullValue.status()).isEqualTo(400);
        assertThat(nullValue.errorCode()).isEqualTo("invalid_request");
    }

    // --- list ---------------------------------------------------------------------------------

    @Test
    void anEmptyListIsTheEnvelopeWithNothingInIt() {
        JsonNode page = list("");
        assertThat(page.path("data").isArray()).isTrue();
        assertThat(page.path("data").size()).isZero();
        assertThat(page.path("has_more").asBoolean()).isFalse();
        assertThat(page.has("next_cursor")).isTrue();
        assertThat(page.path("next_cursor").isNull()).isTrue();
    }

    @Test
    void pagesWalkEveryProductNewestFirstWithoutGapsOrDuplicates() {
        List<String> created = IntStream.range(0, 25).mapToObj(i -> createdId("{\"name\":\"Product " + i + "\"}")).toList();

        List<String> seen = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = list("?limit=10" + (cursor == null ? "" : "&cursor=" + cursor));
            sizes.add(page.path("data").size());
            page.path("data").forEach(p -> seen.add(p.path("id").asString()));
            cursor = page.path("has_more").asBoolean() ? page.path("next_cursor").asString() : null;
            if (cursor == null) {
                assertThat(page.path("next_cursor").isNull()).isTrue();
            }
        } while (cursor != null);

        assertThat(sizes).containsExactly(10, 10, 5);
        assertThat(seen).doesNotHaveDuplicates().containsExactlyElementsOf(reversed(created));
        JsonNode firstPage = list("");
        assertThat(firstPage.path("data").size()).isEqualTo(20);
        assertThat(firstPage.path("has_more").asBoolean()).isTrue();
    }

    @Test
    void aProductCreatedWhileWalkingDoesNotShiftLaterPages() {
        List<String> created = IntStream.range(0, 4).mapToObj(i -> createdId("{\"name\":\"Product " + i + "\"}")).toList();
        JsonNode first = list("?limit=2");
        createdId("{\"name\":\"Newcomer\"}");
        JsonNode second = list("?limit=2&cursor=" + first.path("next_cursor").asString());
        assertThat(ids(second)).containsExactly(created.get(1), created.get(0));
        assertThat(second.path("has_more").asBoolean()).isFalse();
    }

    @Test
    void listsFilterByLifecycleStatusAndEnvironment() {
        String draft = createdId("{\"name\":\"Draft\"}");
        String published = createdId(PUBLISHABLE);
        publish(published);
        String archived = createdId("{\"name\":\"Archived\"}");
        assertThat(api().delete(PRODUCTS + "/" + archived).bearer(token).send().status()).isEqualTo(200);

        assertThat(ids(list(""))).containsExactly(archived, published, draft);
        assertThat(ids(list("?lifecycle_status=draft"))).containsExactly(draft);
        assertThat(ids(list("?lifecycle_status=published"))).containsExactly(published);
        assertThat(ids(list("?lifecycle_status=archived"))).containsExactly(archived);
        assertThat(ids(list("?lifecycle_status=draft&lifecycle_status=archived"))).containsExactly(archived, draft);
        assertThat(ids(list("?environment=sandbox"))).containsExactly(archived, published, draft);
        // A client sees its own environment only (D6): the other one holds nothing for it.
        assertThat(ids(list("?environment=production"))).isEmpty();
    }

    @Test
    void badListParametersAre400() {
        for (String query : List.of("?lifecycle_status=deleted", "?lifecycle_status=DRAFT", "?environment=staging",
                "?limit=0", "?limit=101", "?limit=ten", "?cursor=not-a-cursor")) {
            ApiResponse response = api().get(PRODUCTS + query).bearer(token).send();
            assertThat(response.status()).as(query).isEqualTo(400);
            assertThat(response.errorCode()).as(query).isEqualTo("invalid_request");
        }
    }

    // --- read, edit, publish, archive --------------------------------------------------------

    @Test
    void aProductIsReadWithItsVersions() {
        String id = createdId(PUBLISHABLE);
        JsonNode before = get(id);
        assertThat(before.path("versions").isArray()).isTrue();
        assertThat(before.path("versions").size()).isZero();

        publish(id);
        JsonNode after = get(id);
        assertThat(after.path("lifecycle_status").asString()).isEqualTo("published");
        assertThat(after.path("current_version").asInt()).isEqualTo(1);
        JsonNode version = after.path("versions").get(0);
        assertThat(version.path("product_id").asString()).isEqualTo(id);
        assertThat(version.path("version").asInt()).isEqualTo(1);
        assertThat(version.path("published_at").asString()).matches(RFC_3339_UTC);
        assertThat(version.path("name").asString()).isEqualTo("Personal loan");
        assertThat(version.path("purpose").asString()).isEqualTo("To assess your loan application.");
        assertThat(strings(version.path("data_categories"))).containsExactly("profile", "addresses");
        assertThat(version.path("description").isNull()).isTrue();
        assertThat(version.path("retention_days").isNull()).isTrue();
        assertThat(version.path("metadata").size()).isZero();
    }

    @Test
    void patchEditsTheDraftAndLeavesOutFieldsAlone() {
        String id = createdId("""
                {"name":"Loan","description":"Old","purpose":"Assessment","data_categories":["profile"],
                 "retention_days":30,"metadata":{"a":"1","b":"2"}}""");
        clock.advance(Duration.ofMinutes(5));

        JsonNode edited = patch(id, "{\"description\":\"New\",\"metadata\":{\"c\":\"3\"}}");
        assertThat(edited.path("description").asString()).isEqualTo("New");
        assertThat(edited.path("name").asString()).isEqualTo("Loan");
        assertThat(edited.path("purpose").asString()).isEqualTo("Assessment");
        assertThat(strings(edited.path("data_categories"))).containsExactly("profile");
        assertThat(edited.path("retention_days").asInt()).isEqualTo(30);
        // A field is replaced as a whole: metadata is the new map, not a merge.
        assertThat(edited.path("metadata").propertyNames()).containsExactly("c");
        assertThat(edited.path("lifecycle_status").asString()).isEqualTo("draft");
        assertThat(edited.path("updated_at").asString()).isNotEqualTo(edited.path("created_at").asString());
        assertThat(get(id).path("description").asString()).isEqualTo("New");
    }

    @Test
    void patchWithJsonNullClearsOptionalFieldsButNotTheName() {
        String id = createdId("""
                {"name":"Loan","description":"Text","purpose":"Assessment","data_categories":["profile"],
                 "retention_days":30,"metadata":{"a":"1"}}""");

        JsonNode cleared = patch(id, """
                {"description":null,"purpose":null,"data_categories":null,"retention_days":null,"metadata":null}""");
        assertThat(cleared.path("description").isNull()).isTrue();
        assertThat(cleared.path("purpose").isNull()).isTrue();
        assertThat(cleared.path("data_categories").size()).isZero();
        assertThat(cleared.path("retention_days").isNull()).isTrue();
        assertThat(cleared.path("metadata").size()).isZero();
        assertThat(cleared.path("name").asString()).isEqualTo("Loan");

        ApiResponse noName = api().patch(PRODUCTS + "/" + id).bearer(token).json("{\"name\":null}").send();
        assertThat(noName.status()).isEqualTo(400);
        assertThat(noName.errorCode()).isEqualTo("validation_failed");
        assertThat(get(id).path("name").asString()).isEqualTo("Loan");
    }

    @Test
    void patchValidatesLikeCreate() {
        String id = createdId("{\"name\":\"Loan\"}");
        for (String body : List.of("{\"environment\":\"sandbox\"}", "{\"colour\":\"blue\"}", "{\"retention_days\":\"30\"}",
                "{\"data_categories\":[\"income\"]}", "{\"metadata\":{\"a\":null}}")) {
            ApiResponse response = api().patch(PRODUCTS + "/" + id).bearer(token).json(body).send();
            assertThat(response.status()).as(body).isEqualTo(400);
            assertThat(response.errorCode()).as(body).isEqualTo("invalid_request");
        }
        ApiResponse tooLong = api().patch(PRODUCTS + "/" + id).bearer(token)
                .json("{\"description\":\"" + "d".repeat(5001) + "\",\"retention_days\":0}").send();
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.errorCode()).isEqualTo("validation_failed");
        assertThat(tooLong.json().path("error").path("details").findValuesAsString("field"))
                .containsExactlyInAnyOrder("description", "retention_days");
    }

    @Test
    void anEmptyPatchChangesNothing() {
        String id = createdId("{\"name\":\"Loan\"}");
        JsonNode before = get(id);
        clock.advance(Duration.ofMinutes(5));
        JsonNode after = patch(id, "{}");
        assertThat(after.path("updated_at")).isEqualTo(before.path("updated_at"));
    }

    @Test
    void editingAPublishedProductKeepsItsStatusAndItsVersions() {
        String id = createdId(PUBLISHABLE);
        JsonNode v1 = publish(id);

        JsonNode edited = patch(id, "{\"purpose\":\"A new purpose.\",\"data_categories\":[\"contacts\"]}");
        assertThat(edited.path("lifecycle_status").asString()).isEqualTo("published");
        assertThat(edited.path("current_version").asInt()).isEqualTo(1);
        assertThat(edited.path("purpose").asString()).isEqualTo("A new purpose.");

        JsonNode read = get(id);
        assertThat(read.path("versions").size()).isEqualTo(1);
        assertThat(read.path("versions").get(0)).isEqualTo(v1);
    }

    @Test
    void publishingCreatesNumberedImmutableVersions() {
        String id = createdId(PUBLISHABLE);

        JsonNode v1 = publish(id);
        assertThat(v1.path("product_id").asString()).isEqualTo(id);
        assertThat(v1.path("version").asInt()).isEqualTo(1);
        assertThat(v1.path("purpose").asString()).isEqualTo("To assess your loan application.");

        patch(id, "{\"purpose\":\"To assess and price your loan.\",\"retention_days\":365}");
        clock.advance(Duration.ofMinutes(1));
        JsonNode v2 = publish(id);
        assertThat(v2.path("version").asInt()).isEqualTo(2);
        assertThat(v2.path("purpose").asString()).isEqualTo("To assess and price your loan.");
        assertThat(v2.path("retention_days").asInt()).isEqualTo(365);

        patch(id, "{\"purpose\":\"Draft only.\"}");
        JsonNode read = get(id);
        assertThat(read.path("current_version").asInt()).isEqualTo(2);
        assertThat(read.path("purpose").asString()).isEqualTo("Draft only.");
        assertThat(read.path("versions")).containsExactly(v1, v2);
        assertThat(read.path("updated_at").asString()).isNotEqualTo(read.path("created_at").asString());
    }

    @Test
    void anIncompleteDraftCannotBePublished() {
        String id = createdId("{\"name\":\"Loan\"}");
        ApiResponse response = api().post(PRODUCTS + "/" + id + "/publish").bearer(token).send();
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode()).isEqualTo("validation_failed");
        assertThat(response.json().path("error").path("details").findValuesAsString("field"))
                .containsExactlyInAnyOrder("purpose", "data_categories");
        assertThat(get(id).path("lifecycle_status").asString()).isEqualTo("draft");
    }

    @Test
    void anUnchangedDraftCannotBePublishedAgain() {
        String id = createdId(PUBLISHABLE);
        publish(id);
        ApiResponse again = api().post(PRODUCTS + "/" + id + "/publish").bearer(token).send();
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.errorCode()).isEqualTo("validation_failed");
        // Saying the same categories in another order is no change either.
        patch(id, "{\"data_categories\":[\"addresses\",\"profile\"]}");
        assertThat(api().post(PRODUCTS + "/" + id + "/publish").bearer(token).send().status()).isEqualTo(400);
        assertThat(get(id).path("versions").size()).isEqualTo(1);
    }

    @Test
    void concurrentPublishesNeverShareAVersionNumber() throws Exception {
        String id = createdId(PUBLISHABLE);
        int callers = 6;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            List<Future<ApiResponse>> answers = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return api().post(PRODUCTS + "/" + id + "/publish").bearer(token).send();
                }));
            }
            start.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (Future<ApiResponse> answer : answers) {
                statuses.add(answer.get().status());
            }
            assertThat(statuses).containsOnly(200, 400).filteredOn(s -> s == 200).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(get(id).path("versions").size()).isEqualTo(1);
    }

    @Test
    void archivingIsTerminalAndIdempotent() {
        String id = createdId(PUBLISHABLE);
        publish(id);
        clock.advance(Duration.ofMinutes(1));

        ApiResponse archived = api().delete(PRODUCTS + "/" + id).bearer(token).send();
        assertThat(archived.status()).isEqualTo(200);
        assertThat(archived.json().path("lifecycle_status").asString()).isEqualTo("archived");
        assertThat(archived.json().path("current_version").asInt()).isEqualTo(1);

        ApiResponse edit = api().patch(PRODUCTS + "/" + id).bearer(token).json("{\"name\":\"Revived\"}").send();
        assertThat(edit.status()).isEqualTo(409);
        assertThat(edit.errorCode()).isEqualTo("invalid_state_transition");
        ApiResponse publish = api().post(PRODUCTS + "/" + id + "/publish").bearer(token).send();
        assertThat(publish.status()).isEqualTo(409);
        assertThat(publish.errorCode()).isEqualTo("invalid_state_transition");

        clock.advance(Duration.ofMinutes(1));
        ApiResponse again = api().delete(PRODUCTS + "/" + id).bearer(token).send();
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json()).isEqualTo(archived.json());
        JsonNode read = get(id);
        assertThat(read.path("lifecycle_status").asString()).isEqualTo("archived");
        assertThat(read.path("name").asString()).isEqualTo("Personal loan");
        assertThat(read.path("versions").size()).isEqualTo(1);
    }

    @Test
    void anArchivedProductPinsNoNewSession() {
        String id = createdId(PUBLISHABLE);
        publish(id);
        Tenant tenant = new Tenant(partner.id(), Environment.SANDBOX);
        assertThat(products.versionForNewSession(tenant, UUID.fromString(id))).hasValueSatisfying(v -> assertThat(v.version()).isEqualTo(1));
        api().delete(PRODUCTS + "/" + id).bearer(token).send();
        assertThat(products.versionForNewSession(tenant, UUID.fromString(id))).isEmpty();
        assertThat(products.version(UUID.fromString(id), 1)).isPresent();
    }

    // --- who may see what ---------------------------------------------------------------------

    @Test
    void anotherPartnersProductIsNotFound() {
        String id = createdId(PUBLISHABLE);
        String stranger = tokenFor(fixtures.partnerClient());
        assertNotFoundEverywhere(id, stranger);
        assertThat(ids(listWith(stranger, ""))).doesNotContain(id);
        assertThat(get(id).path("name").asString()).isEqualTo("Personal loan");
    }

    @Test
    void theSamePartnersProductInTheOtherEnvironmentIsNotFound() {
        String id = createdId(PUBLISHABLE);
        String production = tokenFor(fixtures.partnerClient(partner, Environment.PRODUCTION, Set.copyOf(Scopes.PARTNER)));
        assertNotFoundEverywhere(id, production);
        assertThat(ids(listWith(production, ""))).isEmpty();
        assertThat(ids(listWith(production, "?environment=sandbox"))).isEmpty();
    }

    @Test
    void malformedAndUnknownIdsAreNotFound() {
        for (String id : List.of("not-a-uuid", "123", UUID.randomUUID().toString(), "prd_123")) {
            assertNotFoundEverywhere(id, token);
        }
    }

    @Test
    void aReadOnlyTokenCannotWrite() {
        String id = createdId(PUBLISHABLE);
        String reader = tokenFor(fixtures.partnerClient(partner, Environment.SANDBOX, Set.of("partner.products.read")));

        assertThat(api().get(PRODUCTS + "/" + id).bearer(reader).send().status()).isEqualTo(200);
        assertThat(api().get(PRODUCTS).bearer(reader).send().status()).isEqualTo(200);
        List<ApiResponse> writes = List.of(
                api().post(PRODUCTS).bearer(reader).header("Idempotency-Key", UUID.randomUUID().toString())
                        .json("{\"name\":\"Loan\"}").send(),
                api().patch(PRODUCTS + "/" + id).bearer(reader).json("{\"name\":\"Renamed\"}").send(),
                api().delete(PRODUCTS + "/" + id).bearer(reader).send(),
                api().post(PRODUCTS + "/" + id + "/publish").bearer(reader).send());
        for (ApiResponse write : writes) {
            assertThat(write.status()).isEqualTo(403);
            assertThat(write.errorCode()).isEqualTo("insufficient_scope");
        }
        JsonNode unchanged = get(id);
        assertThat(unchanged.path("name").asString()).isEqualTo("Personal loan");
        assertThat(unchanged.path("lifecycle_status").asString()).isEqualTo("draft");
        assertThat(list("").path("data").size()).isEqualTo(1);
    }

    @Test
    void aTokenWithoutProductScopesIsRefused() {
        String id = createdId(PUBLISHABLE);
        String sessionsOnly = tokenFor(fixtures.partnerClient(partner, Environment.SANDBOX, Set.of("sessions.create", "sessions.read")));
        for (ApiResponse response : List.of(
                api().get(PRODUCTS).bearer(sessionsOnly).send(),
                api().get(PRODUCTS + "/" + id).bearer(sessionsOnly).send(),
                api().post(PRODUCTS).bearer(sessionsOnly).header("Idempotency-Key", UUID.randomUUID().toString())
                        .json("{\"name\":\"Loan\"}").send())) {
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.errorCode()).isEqualTo("insufficient_scope");
        }
    }

    @Test
    void aConsumerTokenIsRefused() throws Exception {
        String redirect = "https://app.example/cb";
        String scopes = "consumer.profile.read";
        var app = oauth().publicApp(redirect, scopes);
        String consumer = oauth().signInAndExchange(app, redirect, scopes).getTokens().getAccessToken().getValue();
        ApiResponse response = api().get(PRODUCTS).bearer(consumer).send();
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.errorCode()).isEqualTo("insufficient_scope");
    }

    @Test
    void withoutATokenEveryOperationIs401() {
        assertThat(api().get(PRODUCTS).send().status()).isEqualTo(401);
        assertThat(api().post(PRODUCTS).header("Idempotency-Key", "k").json("{\"name\":\"Loan\"}").send().status()).isEqualTo(401);
        assertThat(api().get(PRODUCTS + "/" + UUID.randomUUID()).send().status()).isEqualTo(401);
    }

    // --- helpers ------------------------------------------------------------------------------

    private ApiResponse create(String json) {
        return create(UUID.randomUUID().toString(), json);
    }

    private ApiResponse create(String key, String json) {
        return api().post(PRODUCTS).bearer(token).header("Idempotency-Key", key).json(json).send();
    }

    private String createdId(String json) {
        ApiResponse created = create(json);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().path("id").asString();
    }

    private JsonNode get(String id) {
        ApiResponse response = api().get(PRODUCTS + "/" + id).bearer(token).send();
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    private JsonNode patch(String id, String json) {
        ApiResponse response = api().patch(PRODUCTS + "/" + id).bearer(token).json(json).send();
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    private JsonNode publish(String id) {
        ApiResponse response = api().post(PRODUCTS + "/" + id + "/publish").bearer(token).send();
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    private JsonNode list(String query) {
        return listWith(token, query);
    }

    private JsonNode listWith(String bearer, String query) {
        ApiResponse response = api().get(PRODUCTS + query).bearer(bearer).send();
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    private void assertNotFoundEverywhere(String id, String bearer) {
        for (ApiResponse response : List.of(
                api().get(PRODUCTS + "/" + id).bearer(bearer).send(),
                api().patch(PRODUCTS + "/" + id).bearer(bearer).json("{\"name\":\"Taken\"}").send(),
                api().delete(PRODUCTS + "/" + id).bearer(bearer).send(),
                api().post(PRODUCTS + "/" + id + "/publish").bearer(bearer).send())) {
            assertThat(response.status()).as(id).isEqualTo(404);
            assertThat(response.errorCode()).as(id).isEqualTo("not_found");
        }
    }

    private static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.path("data").forEach(p -> ids.add(p.path("id").asString()));
        return ids;
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asString()));
        return values;
    }

    private static List<String> reversed(List<String> values) {
        List<String> copy = new ArrayList<>(values);
        Collections.reverse(copy);
        return copy;
    }

    /** A metadata object of {@code keys} distinct keys, each {@code keyLength} long, with values {@code valueLength} long. */
    private static String metadata(int keys, int keyLength, int valueLength) {
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; names.size() < keys; i++) {
            String number = Integer.toString(i);
            names.add("k".repeat(Math.max(0, keyLength - number.length())) + number);
        }
        return names.stream().map(k -> "\"" + k + "\":\"" + "v".repeat(valueLength) + "\"")
                .collect(Collectors.joining(",", "{", "}"));
    }
}
