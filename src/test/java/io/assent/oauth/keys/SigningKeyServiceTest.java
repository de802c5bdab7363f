package io.assent.oauth.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import com.nimbusds.jose.jwk.JWK;

import io.assent.platform.config.AssentProperties;
import io.assent.platform.id.IdGenerator;
import io.assent.support.MutableClock;
import io.assent.support.TestDatabase;

/**
 * The rules of the signing keys, with several "nodes" (service instances) over one database: the
 * in-memory H2 of the tests, or a schema of its own in the PostgreSQL named by
 * {@code ASSENT_TEST_DATABASE_URL}.
 */
class SigningKeyServiceTest {

    private static final Duration RETENTION = Duration.ofHours(1);

    private final MutableClock clock = new MutableClock();
    private final MasterKey masterKey = PrivateKeyCipherTest.masterKey();
    private Database database;
    private JdbcClient jdbc;

    @BeforeEach
    void freshDatabase() {
        database = Database.create();
        jdbc = JdbcClient.create(database.dataSource());
    }

    @AfterEach
    void dropDatabase() {
        database.drop();
    }

    @Test
    void theFirstKeyIsMadeOnFirstUseAndThenServedFromMemory() {
        Node node = node();
        SigningKey key = node.keys.current();

        assertThat(key.key().isPrivate()).isTrue();
        assertThat(key.key().getCurve().getName()).isEqualTo("P-256");
        assertThat(key.publicKey().isPrivate()).isFalse();
        assertThat(key.toString()).doesNotContain(key.key().getD().toString());
        int loads = node.loads();
        for (int i = 0; i < 1000; i++) {
            assertThat(node.keys.current().kid()).isEqualTo(key.kid());
            assertThat(node.keys.verificationKey(key.kid())).isPresent();
            assertThat(node.keys.publishedKeys().getKeys()).hasSize(1);
        }
        assertThat(node.loads()).as("no query per call").isEqualTo(loads);
        assertThat(node().keys.current().kid()).as("a restarted node reads the same key").isEqualTo(key.kid());
    }

    @Test
    void privatePartsAreStoredOnlyEncrypted() {
        SigningKey key = node().keys.current();
        var row = jdbc.sql("select algorithm, public_jwk, private_jwk_encrypted from signing_keys").query().singleRow();
        assertThat(row.get("algorithm")).isEqualTo("ES256");
        assertThat((String) row.get("public_jwk")).contains(key.kid()).doesNotContain("\"d\"");
        assertThat((String) row.get("private_jwk_encrypted")).startsWith("v1.")
                .doesNotContain(key.key().getD().toString()).doesNotContain("\"d\"");
    }

    @Test
    void aNodeWithAnotherMasterKeyPublishesButCannotSign() {
        SigningKey key = node().keys.current();
        Node stranger = node(PrivateKeyCipherTest.masterKey());
        assertThat(stranger.keys.publishedKeys().getKeyByKeyId(key.kid())).isNotNull();
        assertThatThrownBy(stranger.keys::current).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ASSENT_MASTER_KEY");
        assertThat(jdbc.sql("select count(*) from signing_keys").query(Integer.class).single())
                .as("an undecryptable key is not replaced behind the operator's back").isEqualTo(1);
    }

    @Test
    void rotationRetiresThePreviousKey() {
        Node node = node();
        KeyRotation first = node.keys.rotateAndReport();
        assertThat(first.retiredKid()).as("an installation without keys").isEmpty();
        SigningKey old = node.keys.current();
        assertThat(old.kid()).isEqualTo(first.current().kid());

        Instant before = clock.instant();
        KeyRotation rotation = node.keys.rotateAndReport();
        Instant after = clock.instant();

        assertThat(rotation.retiredKid()).contains(old.kid());
        assertThat(rotation.current().kid()).isNotEqualTo(old.kid());
        assertThat(node.keys.current().kid()).isEqualTo(rotation.current().kid());
        Instant retiredAt = jdbc.sql("select retired_at from signing_keys where kid = :kid").param("kid", old.kid())
                .query(java.time.OffsetDateTime.class).single().toInstant();
        assertThat(retiredAt).isBetween(before.minusMillis(1), after.plusMillis(1));
        assertThat(jdbc.sql("select count(*) from signing_keys where retired_at is null").query(Integer.class).single())
                .isEqualTo(1);
        assertThat(node.keys.rotate().kid()).isNotEqualTo(rotation.current().kid());
    }

    @Test
    void aKeyThatSignedAReceiptStaysPublishedAfterTheRetentionIfTheReceiptCommitted() {
        Node node = node();
        org.springframework.transaction.support.TransactionTemplate transaction =
                new org.springframework.transaction.support.TransactionTemplate(new DataSourceTransactionManager(database.dataSource()));
        SigningKey rolledBack = node.keys.current();
        transaction.executeWithoutResult(tx -> {
            node.keys.keepPublished(rolledBack.kid());
            tx.setRollbackOnly();
        });
        SigningKey kept = node.keys.rotate();
        transaction.executeWithoutResult(tx -> node.keys.keepPublished(kept.kid()));
        transaction.executeWithoutResult(tx -> node.keys.keepPublished(kept.kid()));
        SigningKey fresh = node.keys.rotate();

        clock.advance(RETENTION.multipliedBy(1000));
        assertThat(kids(node)).containsExactly(fresh.kid(), kept.kid());
        assertThat(node.keys.verificationKey(kept.kid())).isPresent();
        assertThat(node.keys.verificationKey(rolledBack.kid())).isEmpty();
        assertThat(kids(node())).as("another node reads the mark from the database").containsExactly(fresh.kid(), kept.kid());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> node.keys.keepPublished(fresh.kid()))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aRetiredKeyStaysPublishedForTheRetentionWindowOnly() {
        Node node = node();
        SigningKey old = node.keys.current();
        SigningKey fresh = node.keys.rotate();
        assertThat(kids(node)).containsExactly(fresh.kid(), old.kid());
        assertThat(node.keys.verificationKey(old.kid())).isPresent();

        clock.advance(RETENTION.minusSeconds(5));
        assertThat(kids(node)).containsExactly(fresh.kid(), old.kid());
        assertThat(node.keys.verificationKey(old.kid())).isPresent();

        clock.advance(Duration.ofSeconds(10));
        assertThat(kids(node)).containsExactly(fresh.kid());
        assertThat(node.keys.verificationKey(old.kid())).isEmpty();
        node.keys.refresh();
        assertThat(kids(node)).containsExactly(fresh.kid());
        assertThat(node().keys.verificationKey(old.kid())).isEmpty();
        assertThat(node.keys.verificationKey(fresh.kid())).isPresent();
    }

    @Test
    void unknownKidsReloadAtMostOncePerSecond() {
        Node node = node();
        node.keys.current();
        int loads = node.loads();

        for (int i = 0; i < 100; i++) {
            assertThat(node.keys.verificationKey("garbage-" + i)).isEmpty();
        }
        assertThat(node.loads()).isEqualTo(loads + 1);

        clock.advance(Duration.ofMillis(500));
        assertThat(node.keys.verificationKey("garbage")).isEmpty();
        assertThat(node.loads()).isEqualTo(loads + 1);

        clock.advance(Duration.ofMillis(600));
        assertThat(node.keys.verificationKey("garbage")).isEmpty();
        assertThat(node.keys.verificationKey("garbage")).isEmpty();
        assertThat(node.loads()).isEqualTo(loads + 2);

        clock.advance(Duration.ofHours(-1));
        assertThat(node.keys.verificationKey("garbage")).as("a clock set back does not stop reloads").isEmpty();
        assertThat(node.loads()).isEqualTo(loads + 3);

        assertThat(node.keys.verificationKey("x".repeat(65))).isEmpty();
        assertThat(node.keys.verificationKey("")).isEmpty();
        assertThat(node.keys.verificationKey(null)).isEmpty();
        assertThat(node.loads()).as("kids no key can have never reach the database").isEqualTo(loads + 3);
    }

    @Test
    void aRotationElsewhereIsPickedUpByAnUnknownKidOrTheNextRefresh() {
        Node a = node();
        Node b = node();
        SigningKey first = a.keys.current();
        SigningKey second = b.keys.rotate();

        assertThat(a.keys.current().kid()).as("served from memory until a reload").isEqualTo(first.kid());
        assertThat(a.keys.verificationKey(second.kid())).as("a token signed on node b").isPresent();
        assertThat(a.keys.current().kid()).isEqualTo(second.kid());

        SigningKey third = b.keys.rotate();
        a.keys.refresh();
        assertThat(a.keys.current().kid()).isEqualTo(third.kid());
        assertThat(kids(a)).containsExactly(third.kid(), second.kid(), first.kid());
    }

    @Test
    void nodesCreatingTheFirstKeyAtOnceAllUseTheWinnersKey() throws Exception {
        List<SigningKey> keys = race(8, node -> node.keys.current());
        assertThat(keys.stream().map(SigningKey::kid).distinct()).hasSize(1);
        assertThat(jdbc.sql("select count(*) from signing_keys").query(Integer.class).single()).isEqualTo(1);
    }

    @Test
    void concurrentRotationsLeaveOneCurrentKey() throws Exception {
        SigningKey initial = node().keys.current();
        List<KeyRotation> rotations = race(3, node -> node.keys.rotateAndReport());

        List<String> current = jdbc.sql("select kid from signing_keys where retired_at is null").query(String.class).list();
        assertThat(current).hasSize(1);
        assertThat(jdbc.sql("select count(*) from signing_keys").query(Integer.class).single()).isEqualTo(4);
        Set<String> retired = rotations.stream().map(r -> r.retiredKid().orElseThrow()).collect(Collectors.toSet());
        assertThat(retired).as("each rotation retired a different key").hasSize(3).contains(initial.kid())
                .doesNotContain(current.get(0));
        assertThat(node().keys.current().kid()).isEqualTo(current.get(0));
    }

    private <T> List<T> race(int nodes, java.util.function.Function<Node, T> action) throws Exception {
        CyclicBarrier start = new CyclicBarrier(nodes);
        ExecutorService pool = Executors.newFixedThreadPool(nodes);
        try {
            List<Future<T>> results = new ArrayList<>();
            for (int i = 0; i < nodes; i++) {
                Node node = node();
                Callable<T> task = () -> {
                    start.await();
                    return action.apply(node);
                };
                results.add(pool.submit(task));
            }
            List<T> values = new ArrayList<>();
            for (Future<T> result : results) {
                values.add(result.get());
            }
            return values;
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<String> kids(Node node) {
        return node.keys.publishedKeys().getKeys().stream().map(JWK::getKeyID).toList();
    }

    private Node node() {
        return node(masterKey);
    }

    private Node node(MasterKey master) {
        CountingRepository repository = new CountingRepository(jdbc);
        AssentProperties properties = new AssentProperties("http://localhost:8080", Path.of("never-used"), false,
                new AssentProperties.Limits(1_048_576, 50, 100),
                new AssentProperties.Idempotency(Duration.ofHours(24), Duration.ofSeconds(60)),
                "", new AssentProperties.Keys(RETENTION));
        SigningKeyService keys = new SigningKeyService(repository, new PrivateKeyCipher(master), new IdGenerator(clock),
                clock, properties, new DataSourceTransactionManager(database.dataSource()));
        return new Node(keys, repository);
    }

    private record Node(SigningKeyService keys, CountingRepository repository) {

        int loads() {
            return repository.loads.get();
        }
    }

    /** Counts the reads that serve the cache, to prove the hot path stays out of the database. */
    private static final class CountingRepository extends SigningKeyRepository {

        final AtomicInteger loads = new AtomicInteger();

        CountingRepository(JdbcClient jdbc) {
            super(jdbc);
        }

        @Override
        List<StoredKey> findPublished(Instant retiredAfter) {
            loads.incrementAndGet();
            return super.findPublished(retiredAfter);
        }
    }

    /** A migrated database of the test's own. */
    private record Database(DataSource dataSource, Runnable dropper) {

        static Database create() {
            String name = "keys_" + UUID.randomUUID().toString().replace("-", "");
            String postgres = System.getenv("ASSENT_TEST_DATABASE_URL");
            if (TestDatabase.isPostgres()) {
                DriverManagerDataSource admin = new DriverManagerDataSource(postgres,
                        System.getenv().getOrDefault("ASSENT_TEST_DATABASE_USER", "postgres"),
                        System.getenv().getOrDefault("ASSENT_TEST_DATABASE_PASSWORD", ""));
                DriverManagerDataSource own = new DriverManagerDataSource(
                        postgres + (postgres.contains("?") ? "&" : "?") + "currentSchema=" + name,
                        admin.getUsername(), admin.getPassword());
                Flyway.configure().dataSource(own).schemas(name).locations("classpath:db/migration").load().migrate();
                return new Database(own, () -> JdbcClient.create(admin).sql("drop schema " + name + " cascade").update());
            }
            DriverManagerDataSource h2 = new DriverManagerDataSource("jdbc:h2:mem:" + name
                    + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1", "sa", "");
            Flyway.configure().dataSource(h2).locations("classpath:db/migration").load().migrate();
            return new Database(h2, () -> JdbcClient.create(h2).sql("shutdown").update());
        }

        void drop() {
            dropper.run();
        }
    }
}
