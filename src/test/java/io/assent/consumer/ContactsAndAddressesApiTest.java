package io.assent.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.assent.support.ApiClient.ApiResponse;

class ContactsAndAddressesApiTest extends ConsumerApiTest {

    @Test
    void addsChangesAndRemovesContactsWithHistory() {
        Me me = consumer();
        ApiResponse added = post(me, "/contacts", "{\"kind\":\"phone\",\"value\":\"+447700900123\",\"label\":\"Mobile\"}");
        assertThat(added.status()).isEqualTo(201);
        assertThat(added.json().path("is_primary").asBoolean()).isFalse();
        String id = added.json().path("id").asString();

        ApiResponse changed = patch(me, "/contacts/" + id, "{\"value\":\"+447700900124\",\"label\":null}");
        assertThat(changed.status()).isEqualTo(200);
        assertThat(changed.json().path("value").asString()).isEqualTo("+447700900124");
        assertThat(changed.json().path("label").isNull()).isTrue();
        assertThat(get(me, "/contacts").json().size()).isEqualTo(1);

        ApiResponse removed = delete(me, "/contacts/" + id);
        assertThat(removed.status()).isEqualTo(200);
        assertThat(removed.json().path("deleted").asBoolean()).isTrue();
        assertThat(get(me, "/contacts").json().size()).isZero();
        assertThat(delete(me, "/contacts/" + id).status()).isEqualTo(404);
        assertThat(historyTypes(me)).containsExactly("contact_removed", "contact_updated", "contact_added");
    }

    @Test
    void keepsOnePrimaryPerKind() {
        Me me = consumer();
        String first = post(me, "/contacts", "{\"kind\":\"email\",\"value\":\"a@example.com\",\"is_primary\":true}").json().path("id").asString();
        String phone = post(me, "/contacts", "{\"kind\":\"phone\",\"value\":\"+15555550100\",\"is_primary\":true}").json().path("id").asString();
        String second = post(me, "/contacts", "{\"kind\":\"email\",\"value\":\"B@Example.com\"}").json().path("id").asString();
        patch(me, "/contacts/" + second, "{\"is_primary\":true}");
        var list = get(me, "/contacts").json();
        for (var contact : list) {
            String cid = contact.path("id").asString();
            boolean primary = contact.path("is_primary").asBoolean();
            assertThat(primary).as(cid).isEqualTo(cid.equals(second) || cid.equals(phone));
            if (cid.equals(second)) {
                assertThat(contact.path("value").asString()).isEqualTo("b@example.com");
            }
        }
        assertThat(first).isNotEqualTo(second);

        String home = post(me, "/addresses", "{\"line1\":\"1 High St\",\"city\":\"Leeds\",\"country\":\"GB\",\"is_primary\":true}")
                .json().path("id").asString();
        String work = post(me, "/addresses", "{\"line1\":\"2 Low St\",\"city\":\"York\",\"country\":\"GB\",\"is_primary\":true}")
                .json().path("id").asString();
        var addresses = get(me, "/addresses").json();
        assertThat(addresses.get(0).path("id").asString()).isEqualTo(work);
        assertThat(addresses.get(0).path("is_primary").asBoolean()).isTrue();
        assertThat(addresses.get(1).path("id").asString()).isEqualTo(home);
        assertThat(addresses.get(1).path("is_primary").asBoolean()).isFalse();
    }

    @Test
    void validatesValuesCountriesAndFields() {
        Me me = consumer();
        assertThat(post(me, "/contacts", "{\"kind\":\"email\",\"value\":\"not-an-address\"}").errorCode()).isEqualTo("validation_failed");
        assertThat(post(me, "/contacts", "{\"kind\":\"phone\",\"value\":\"07700 900123\"}").body()).contains("value");
        assertThat(post(me, "/contacts", "{\"kind\":\"fax\",\"value\":\"+447700900123\"}").body()).contains("kind");
        ApiResponse unknown = post(me, "/contacts", "{\"kind\":\"email\",\"value\":\"a@example.com\",\"colour\":\"red\"}");
        assertThat(unknown.errorCode()).isEqualTo("invalid_request");
        assertThat(unknown.body()).contains("colour");

        ApiResponse country = post(me, "/addresses", "{\"line1\":\"1 High St\",\"city\":\"Leeds\",\"country\":\"UK\"}");
        assertThat(country.status()).isEqualTo(400);
        assertThat(country.body()).contains("country");
        assertThat(post(me, "/addresses", "{\"city\":\"Leeds\",\"country\":\"GB\"}").body()).contains("line1");
        String id = post(me, "/addresses", "{\"line1\":\"1 High St\",\"city\":\"Leeds\",\"country\":\"GB\",\"postal_code\":\"LS1 1AA\"}")
                .json().path("id").asString();
        assertThat(patch(me, "/addresses/" + id, "{\"city\":null}").body()).contains("city");
        ApiResponse changed = patch(me, "/addresses/" + id, "{\"postal_code\":null,\"region\":\"West Yorkshire\"}");
        assertThat(changed.json().path("postal_code").isNull()).isTrue();
        assertThat(changed.json().path("region").asString()).isEqualTo("West Yorkshire");
        assertThat(historyTypes(me)).containsExactly("address_updated", "address_added");
    }

    @Test
    void anotherConsumersObjectsAreNotFound() {
        Me me = consumer();
        Me other = consumer();
        String contact = post(me, "/contacts", "{\"kind\":\"email\",\"value\":\"a@example.com\"}").json().path("id").asString();
        String address = post(me, "/addresses", "{\"line1\":\"1 High St\",\"city\":\"Leeds\",\"country\":\"GB\"}").json().path("id").asString();
        assertThat(patch(other, "/contacts/" + contact, "{\"label\":\"mine\"}").status()).isEqualTo(404);
        assertThat(delete(other, "/contacts/" + contact).status()).isEqualTo(404);
        assertThat(patch(other, "/addresses/" + address, "{\"label\":\"mine\"}").status()).isEqualTo(404);
        assertThat(delete(other, "/addresses/" + address).status()).isEqualTo(404);
        assertThat(delete(other, "/addresses/not-an-id").status()).isEqualTo(404);
        assertThat(get(other, "/contacts").json().size()).isZero();
        assertThat(get(me, "/contacts").json().size()).isEqualTo(1);
    }

    @Test
    void refusesTheTwentyFirst() {
        Me me = consumer();
        for (int i = 0; i < 20; i++) {
            assertThat(post(me, "/contacts", "{\"kind\":\"phone\",\"value\":\"+1555555" + (1000 + i) + "\"}").status()).isEqualTo(201);
            assertThat(post(me, "/addresses", "{\"line1\":\"" + i + " High St\",\"city\":\"Leeds\",\"country\":\"GB\"}").status()).isEqualTo(201);
        }
        ApiResponse contact = post(me, "/contacts", "{\"kind\":\"phone\",\"value\":\"+15555559999\"}");
        assertThat(contact.status()).isEqualTo(409);
        assertThat(contact.errorCode()).isEqualTo("conflict");
        assertThat(post(me, "/addresses", "{\"line1\":\"x\",\"city\":\"Leeds\",\"country\":\"GB\"}").status()).isEqualTo(409);
        assertThat(get(me, "/contacts").json().size()).isEqualTo(20);
    }

    @Test
    void needsTheProfileScopes() {
        Me reader = consumer("consumer.profile.read");
        assertThat(post(reader, "/contacts", "{\"kind\":\"email\",\"value\":\"a@example.com\"}").errorCode()).isEqualTo("insufficient_scope");
        assertThat(post(reader, "/addresses", "{\"line1\":\"x\",\"city\":\"Leeds\",\"country\":\"GB\"}").status()).isEqualTo(403);
        Me none = consumer("consumer.history.read");
        assertThat(get(none, "/contacts").status()).isEqualTo(403);
        assertThat(get(none, "/addresses").status()).isEqualTo(403);
    }

    @Test
    void listsComeNewestFirstInPagesWithALinkHeader() {
        Me me = consumer();
        List<String> added = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            added.add(0, post(me, "/addresses", "{\"line1\":\"" + i + " High St\",\"city\":\"Leeds\",\"country\":\"GB\"}")
                    .json().path("id").asString());
        }
        ApiResponse first = get(me, "/addresses?limit=2");
        assertThat(first.json().size()).isEqualTo(2);
        String link = first.header("Link");
        assertThat(link).contains("rel=\"next\"");
        ApiResponse second = get(me, ActivityApiTest.next(link));
        assertThat(second.header("Link")).isNull();
        List<String> seen = new ArrayList<>();
        first.json().forEach(a -> seen.add(a.path("id").asString()));
        second.json().forEach(a -> seen.add(a.path("id").asString()));
        assertThat(seen).isEqualTo(added);
        assertThat(get(me, "/contacts?limit=101").status()).isEqualTo(400);
        assertThat(get(me, "/contacts?cursor=garbage").status()).isEqualTo(400);
    }
}
