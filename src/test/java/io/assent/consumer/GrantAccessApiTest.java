package io.assent.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ConsentLoop;

class GrantAccessApiTest extends ConsumerApiTest {

    @Test
    void theConsumerSeesEveryReadOfTheirData() {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE, DataCategory.CONTACTS);
        String session = loop.createSession();
        ConsentLoop.Consumer consumer = loop.consumer();
        loop.consumerCall(consumer, "GET", "/" + session);
        loop.consumerCall(consumer, "POST", "/" + session + "/approve");
        Me me = new Me(consumer.account(), consumer.token());

        var grants = get(me, "/grants").json();
        String grantId = grants.get(0).path("id").asString();
        assertThat(grants.get(0).path("access_count").asLong()).isZero();
        assertThat(grants.get(0).path("last_accessed_at").isNull()).isTrue();

        assertThat(loop.data(session).status()).isEqualTo(200);
        clock.advance(Duration.ofSeconds(10));
        assertThat(loop.data(session).status()).isEqualTo(200);

        ApiResponse grant = get(me, "/grants/" + grantId);
        assertThat(grant.status()).isEqualTo(200);
        assertThat(grant.json().path("access_count").asLong()).isEqualTo(2);
        assertThat(grant.json().path("last_accessed_at").asString()).isNotBlank();
        assertThat(get(me, "/grants").json().get(0).path("access_count").asLong()).isEqualTo(2);

        ApiResponse accesses = get(me, "/grants/" + grantId + "/accesses");
        assertThat(accesses.status()).isEqualTo(200);
        assertThat(accesses.json().size()).isEqualTo(2);
        var newest = accesses.json().get(0);
        var oldest = accesses.json().get(1);
        assertThat(newest.path("accessed_at").asString()).isGreaterThan(oldest.path("accessed_at").asString());
        assertThat(newest.path("client_id").asString()).isEqualTo(loop.client.clientId());
        assertThat(newest.path("categories").toString()).isEqualTo("[\"profile\",\"contacts\"]");
        ApiResponse firstPage = get(me, "/grants/" + grantId + "/accesses?limit=1");
        assertThat(firstPage.json().size()).isEqualTo(1);
        assertThat(firstPage.header("Link")).contains("cursor=").contains("rel=\"next\"");

        Me other = consumer("consumer.grants.read");
        assertThat(get(other, "/grants/" + grantId).status()).isEqualTo(404);
        assertThat(get(other, "/grants/" + grantId + "/accesses").status()).isEqualTo(404);
        assertThat(get(other, "/grants/not-an-id").status()).isEqualTo(404);
        Me noScope = withScopes(me, "consumer.profile.read");
        assertThat(get(noScope, "/grants/" + grantId).errorCode()).isEqualTo("insufficient_scope");
    }

    @Test
    void aRefusedReadIsNotRecorded() {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        String session = loop.createSession();
        ConsentLoop.Consumer consumer = loop.consumer();
        loop.consumerCall(consumer, "GET", "/" + session);
        loop.consumerCall(consumer, "POST", "/" + session + "/approve");
        loop.consumerCall(consumer, "POST", "/" + session + "/revoke");
        assertThat(loop.data(session).status()).isEqualTo(404);
        Me me = new Me(consumer.account(), consumer.token());
        assertThat(get(me, "/grants").json().get(0).path("access_count").asLong()).isZero();
    }
}
