package io.assent.trust;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

import com.nimbusds.jwt.JWTClaimsSet;

import io.assent.consumer.HistoryService;
import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The consumer's tamper-evident record (D20): appended with every history event and grant access, audited, exported. */
class ConsentChainTest extends TrustTest {

    private static final JsonMapper SORTED = JsonMapper.builder().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();

    @Autowired
    private ChainAudit audit;

    @Autowired
    private HistoryService history;

    @Autowired
    private TransactionTemplate transaction;

    @Autowired
    private JsonMapper json;

    @Test
    void aFullConsentLoopIsChainedAndVerifies() {
        Granted granted = granted(DataCategory.PROFILE, DataCategory.CONTACTS);
        assertThat(granted.loop().data(granted.session()).status()).isEqualTo(200);
        assertThat(granted.loop().data(granted.session()).status()).isEqualTo(200);
        assertThat(granted.loop().consumerCall(granted.consumer(), "POST", "/" + granted.session() + "/revoke").status()).isEqualTo(200);
        UUID consumer = granted.consumer().account().id();

        long events = count("select count(*) from history_events where consumer_id = :c", consumer);
        long reads = count("select count(*) from grant_accesses where consumer_id = :c", consumer);
        assertThat(reads).isEqualTo(2);
        ChainAudit.ChainReport report = audit.verifyOne(consumer);
        assertThat(report.intact()).isTrue();
        assertThat(report.entries()).isEqualTo(events + reads);
        assertThat(kinds(consumer)).containsExactly("history_event", "history_event", "grant_access", "grant_access", "history_event");

        Map<String, Object> all = auditCommand(Optional.empty());
        assertThat(all.get("exit")).isEqualTo(0);
        assertThat(all.get("output").toString()).contains("\"intact\":true").contains("\"broken\":[]");
    }

    @Test
    void aHistoryRowChangedDeletedOrSwappedByHandIsFoundAndNamed() {
        Granted granted = granted(DataCategory.PROFILE);
        assertThat(granted.loop().data(granted.session()).status()).isEqualTo(200);
        assertThat(granted.loop().consumerCall(granted.consumer(), "POST", "/" + granted.session() + "/revoke").status()).isEqualTo(200);
        UUID consumer = granted.consumer().account().id();
        List<Map<String, Object>> links = jdbc.sql("select seq, entry_kind, entry_id from trust_chain_entries where consumer_id = :c order by seq")
                .param("c", consumer).query().listOfRows();
        assertThat(links).hasSize(4); // signed_in, consent_granted, a read, consent_revoked
        UUID grantedEvent = (UUID) links.get(1).get("entry_id");
        UUID read = (UUID) links.get(2).get("entry_id");
        UUID revokedEvent = (UUID) links.get(3).get("entry_id");
        assertThat(audit.verifyOne(consumer).intact()).isTrue();

        // one changed value
        String summary = summaryOf(grantedEvent);
        jdbc.sql("update history_events set summary = 'You shared nothing.' where id = :id").param("id", grantedEvent).update();
        assertBrokenAt(consumer, 2, grantedEvent, "hash_mismatch");
        Map<String, Object> cli = auditCommand(Optional.of(consumer));
        assertThat(cli.get("exit")).isEqualTo(1);
        assertThat(cli.get("output").toString()).contains("\"intact\":false").contains(grantedEvent.toString()).contains("\"seq\":2");
        jdbc.sql("update history_events set summary = :s where id = :id").param("s", summary).param("id", grantedEvent).update();
        assertThat(audit.verifyOne(consumer).intact()).isTrue();

        // a read changed to name another client
        String client = jdbc.sql("select client_id from grant_accesses where id = :id").param("id", read).query(String.class).single();
        jdbc.sql("update grant_accesses set client_id = 'someone-else' where id = :id").param("id", read).update();
        assertBrokenAt(consumer, 3, read, "hash_mismatch");
        jdbc.sql("update grant_accesses set client_id = :c where id = :id").param("c", client).param("id", read).update();
        assertThat(audit.verifyOne(consumer).intact()).isTrue();

        // one deleted row
        Map<String, Object> row = jdbc.sql("select * from history_events where id = :id").param("id", revokedEvent).query().singleRow();
        jdbc.sql("delete from history_events where id = :id").param("id", revokedEvent).update();
        assertBrokenAt(consumer, 4, revokedEvent, "record_missing");
        jdbc.sql("insert into history_events (id, consumer_id, event_type, occurred_at, actor, summary, details) "
                        + "values (:id, :consumer_id, :event_type, :occurred_at, :actor, :summary, :details)")
                .paramSource(row).update();
        assertThat(audit.verifyOne(consumer).intact()).isTrue();

        // two rows swapped: their times, so the history would read in another order
        Object first = jdbc.sql("select occurred_at from history_events where id = :id").param("id", grantedEvent).query().singleValue();
        Object second = jdbc.sql("select occurred_at from history_events where id = :id").param("id", revokedEvent).query().singleValue();
        setTime(grantedEvent, second);
        setTime(revokedEvent, first);
        assertBrokenAt(consumer, 2, grantedEvent, "hash_mismatch");
        setTime(grantedEvent, first);
        setTime(revokedEvent, second);
        assertThat(audit.verifyOne(consumer).intact()).isTrue();

        // an entry of the chain itself removed
        Map<String, Object> link = jdbc.sql("select * from trust_chain_entries where consumer_id = :c and seq = 3")
                .param("c", consumer).query().singleRow();
        jdbc.sql("delete from trust_chain_entries where consumer_id = :c and seq = 3").param("c", consumer).update();
        ChainAudit.Break gap = audit.verifyOne(consumer).firstBreak().orElseThrow();
        assertThat(gap.seq()).isEqualTo(3);
        assertThat(gap.problem()).isEqualTo("entry_missing");
        jdbc.sql("insert into trust_chain_entries (consumer_id, seq, entry_kind, entry_id, hash, appended_at) "
                + "values (:consumer_id, :seq, :entry_kind, :entry_id, :hash, :appended_at)").paramSource(link).update();
        assertThat(audit.verifyOne(consumer).intact()).isTrue();
    }

    private String summaryOf(UUID event) {
        return jdbc.sql("select summary from history_events where id = :id").param("id", event).query(String.class).single();
    }

    private void setTime(UUID event, Object time) {
        jdbc.sql("update history_events set occurred_at = :t where id = :id").param("t", time).param("id", event).update();
    }

    private void assertBrokenAt(UUID consumer, long seq, UUID entry, String problem) {
        ChainAudit.ChainReport report = audit.verifyOne(consumer);
        assertThat(report.intact()).isFalse();
        ChainAudit.Break first = report.firstBreak().orElseThrow();
        assertThat(first.seq()).isEqualTo(seq);
        assertThat(first.entryId()).contains(entry);
        assertThat(first.problem()).isEqualTo(problem);
        ChainAudit.Report all = audit.verify(Optional.empty());
        assertThat(all.intact()).isFalse();
        assertThat(all.broken()).extracting(ChainAudit.ChainReport::consumerId).contains(consumer);
    }

    @Test
    void theExportCarriesTheWholeChainAndASignedHeadThatMatchesIt() throws Exception {
        Granted granted = granted(DataCategory.PROFILE);
        assertThat(granted.loop().data(granted.session()).status()).isEqualTo(200);
        String token = tokenOf(granted.consumer().account(), "consumer.history.read");
        ApiResponse exported = api().get(API + "/me/history/export").bearer(token).send();
        assertThat(exported.status()).isEqualTo(200);
        JsonNode body = exported.json();
        UUID consumer = granted.consumer().account().id();
        assertThat(body.path("sub").asString()).isEqualTo(consumer.toString());

        // recompute every link independently: SHA-256(previous hash bytes || sorted compact JSON)
        String previous = "0".repeat(64);
        long seq = 1;
        List<String> types = new ArrayList<>();
        for (JsonNode entry : body.path("entries")) {
            assertThat(entry.path("seq").asLong()).isEqualTo(seq++);
            Map<?, ?> document = json.treeToValue(entry.path("entry"), Map.class);
            assertThat(document.get("kind")).isEqualTo(entry.path("kind").asString());
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update(HexFormat.of().parseHex(previous));
            sha256.update(SORTED.writeValueAsString(document).getBytes(StandardCharsets.UTF_8));
            previous = HexFormat.of().formatHex(sha256.digest());
            assertThat(entry.path("hash").asString()).isEqualTo(previous);
            types.add(entry.path("kind").asString() + ":" + entry.path("entry").path("type").asString(""));
        }
        // the sign-in of each token, the grant, the read
        assertThat(types).contains("history_event:consent_granted", "grant_access:");
        assertThat(body.path("count").asLong()).isEqualTo(body.path("entries").size());
        assertThat(body.path("head_hash").asString()).isEqualTo(previous);

        JWTClaimsSet head = verifyWithNimbus(body.path("signed_head").asString(), ConsentChain.HEAD_TYPE);
        assertThat(head.getClaims().keySet()).containsExactlyInAnyOrder("sub", "count", "head_hash", "iat");
        assertThat(head.getSubject()).isEqualTo(consumer.toString());
        assertThat(head.getLongClaim("count")).isEqualTo(body.path("count").asLong());
        assertThat(head.getStringClaim("head_hash")).isEqualTo(previous);

        assertThat(api().get(API + "/me/history/export").bearer(tokenOf(granted.consumer().account(), "consumer.profile.read"))
                .send().errorCode()).isEqualTo("insufficient_scope");
    }

    @Test
    void concurrentActionsOfOneConsumerKeepOneLinearChain() throws Exception {
        Granted granted = granted(DataCategory.PROFILE);
        UUID consumer = granted.consumer().account().id();
        long before = count("select count(*) from trust_chain_entries where consumer_id = :c", consumer);
        int actions = 50;
        ExecutorService pool = Executors.newFixedThreadPool(actions);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < actions; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return granted.loop().data(granted.session()).status();
                }));
            }
            start.countDown();
            for (Future<Integer> result : results) {
                assertThat(result.get(60, TimeUnit.SECONDS)).isEqualTo(200);
            }
        } finally {
            pool.shutdownNow();
        }
        List<Long> seqs = jdbc.sql("select seq from trust_chain_entries where consumer_id = :c order by seq")
                .param("c", consumer).query(Long.class).list();
        assertThat(seqs).hasSize((int) before + actions);
        for (int i = 0; i < seqs.size(); i++) {
            assertThat(seqs.get(i)).isEqualTo(i + 1L);
        }
        ChainAudit.ChainReport report = audit.verifyOne(consumer);
        assertThat(report.intact()).isTrue();
        assertThat(report.entries()).isEqualTo(before + actions);
    }

    @Test
    void oneConsumersOpenAppendHoldsBackOnlyThatConsumer() throws Exception {
        UUID held = oauth().consumer().id();
        UUID other = oauth().consumer().id();
        CountDownLatch appended = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try {
            Future<?> holder = threads.submit(() -> transaction.executeWithoutResult(tx -> {
                history.record(held, "signed_in", HistoryService.Actor.CONSUMER, "You signed in.", Map.of());
                appended.countDown();
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            assertThat(appended.await(30, TimeUnit.SECONDS)).isTrue();

            // another consumer appends while the first consumer's transaction is still open
            Future<?> otherConsumer = threads.submit(() -> transaction.executeWithoutResult(tx ->
                    history.record(other, "signed_in", HistoryService.Actor.CONSUMER, "You signed in.", Map.of())));
            otherConsumer.get(30, TimeUnit.SECONDS);
            assertThat(holder.isDone()).isFalse();

            // the same consumer waits for the head until the first transaction ends
            Future<?> sameConsumer = threads.submit(() -> transaction.executeWithoutResult(tx ->
                    history.record(held, "signed_in", HistoryService.Actor.CONSUMER, "You signed in.", Map.of())));
            Thread.sleep(300);
            assertThat(sameConsumer.isDone()).isFalse();
            release.countDown();
            holder.get(30, TimeUnit.SECONDS);
            sameConsumer.get(30, TimeUnit.SECONDS);
        } finally {
            release.countDown();
            threads.shutdownNow();
        }
        assertThat(audit.verifyOne(held).entries()).isEqualTo(
                count("select count(*) from history_events where consumer_id = :c", held));
        assertThat(audit.verifyOne(held).intact()).isTrue();
        assertThat(audit.verifyOne(other).intact()).isTrue();
    }

    private long count(String sql, UUID consumer) {
        return jdbc.sql(sql).param("c", consumer).query(Long.class).single();
    }

    private List<String> kinds(UUID consumer) {
        return jdbc.sql("select entry_kind from trust_chain_entries where consumer_id = :c order by seq").param("c", consumer)
                .query(String.class).list();
    }

    /** Runs {@code admin audit verify} as the command line would, capturing what it prints. */
    private Map<String, Object> auditCommand(Optional<UUID> consumer) {
        io.assent.cli.AuditCommandAccess.Result result = io.assent.cli.AuditCommandAccess.run(audit, json, consumer.map(UUID::toString));
        return Map.of("exit", result.exit(), "output", result.output());
    }
}
