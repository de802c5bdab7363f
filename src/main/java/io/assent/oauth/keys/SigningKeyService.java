package io.assent.oauth.keys;

import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;

import io.assent.platform.config.AssentProperties;
import io.assent.platform.id.IdGenerator;

/**
 * The signing keys of the authorization server (D4, D20): ES256 key pairs that sign access tokens,
 * ID tokens and consent receipts, published at {@code {base_url}/oauth/jwks}.
 *
 * <p>Exactly one key is current; it is created on first use. {@link #rotate()} makes a new key
 * current and retires the previous one, which stays published for
 * {@code assent.keys.retired-key-retention} so that every token it signed can still be verified;
 * a key that signed a consent receipt stays published for good ({@link #keepPublished}).
 * Private parts are kept only encrypted under the master key.
 *
 * <p>Keys are read on every token issued and verified, so they are served from memory. The memory
 * is refreshed from the database every {@link #REFRESH_INTERVAL} (by {@link SigningKeyRefresh} in the
 * server) and when a token names a kid it does not know, at most once per
 * {@link #UNKNOWN_KID_RELOAD_INTERVAL}; a rotation made by another node or by the command line is
 * therefore picked up within that time, while garbage kids cannot hammer the database.
 */
@Service
public class SigningKeyService {

    public static final Duration REFRESH_INTERVAL = Duration.ofSeconds(30);
    public static final Duration UNKNOWN_KID_RELOAD_INTERVAL = Duration.ofSeconds(1);
    public static final String ALGORITHM = JWSAlgorithm.ES256.getName();

    private static final Logger log = LoggerFactory.getLogger(SigningKeyService.class);
    private static final int WRITE_ATTEMPTS = 3;
    private static final int MAX_KID_LENGTH = 64;

    private final SigningKeyRepository repository;
    private final PrivateKeyCipher cipher;
    private final IdGenerator ids;
    private final Clock clock;
    private final Duration retention;
    private final TransactionTemplate ownTransaction;
    private final Object reloadLock = new Object();
    private final AtomicReference<Instant> lastUnknownKidReload = new AtomicReference<>(Instant.EPOCH);
    private volatile Snapshot snapshot = Snapshot.NOT_LOADED;
    /** Kids this node has seen marked {@code keep_published} in a committed transaction. */
    private final Set<String> keptPublished = ConcurrentHashMap.newKeySet();

    SigningKeyService(SigningKeyRepository repository, PrivateKeyCipher cipher, IdGenerator ids, Clock clock,
                      AssentProperties properties, PlatformTransactionManager transactions) {
        this.repository = repository;
        this.cipher = cipher;
        this.ids = ids;
        this.clock = clock;
        this.retention = properties.keys().retiredKeyRetention();
        // Key writes commit on their own: a caller's rollback must not take back a key that this
        // node already signs with, and a lost race on PostgreSQL must not abort the caller's transaction.
        this.ownTransaction = new TransactionTemplate(transactions);
        this.ownTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
    }

    /**
     * The key to sign with now: the newest key that is not retired, created on first use. When two
     * nodes create the first key at once, one wins and both use the winner's key.
     *
     * @throws IllegalStateException if the current key was sealed under another master key
     */
    public SigningKey current() {
        Snapshot known = loaded();
        for (int attempt = 1; !known.hasCurrent() && attempt <= WRITE_ATTEMPTS; attempt++) {
            createFirstKey();
            known = reload();
        }
        if (known.current().isPresent()) {
            return known.current().get();
        }
        throw known.hasCurrent() ? undecryptable() : new IllegalStateException("No current signing key could be created.");
    }

    /**
     * The JWK Set to publish: the public parts of the current key and of the keys retired less than
     * the retention window ago, newest first. Never a private part.
     */
    public JWKSet publishedKeys() {
        Snapshot known = loaded();
        if (!known.hasCurrent()) {
            current();
            known = snapshot;
        }
        return new JWKSet(known.publishedAt(clock.instant(), retention)).toPublicJWKSet();
    }

    /**
     * The public key to verify a signature whose header names {@code kid}, if it is published. An
     * unknown kid reloads the keys from the database (another node may have rotated), at most once
     * per {@link #UNKNOWN_KID_RELOAD_INTERVAL} for the whole node.
     */
    public Optional<ECKey> verificationKey(String kid) {
        if (kid == null || kid.isEmpty() || kid.length() > MAX_KID_LENGTH) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        Optional<ECKey> known = loaded().find(kid, now, retention);
        if (known.isPresent() || !mayReloadForUnknownKid(now)) {
            return known;
        }
        return reload().find(kid, now, retention);
    }

    /**
     * Keeps the key published for good, whatever its retirement: it is signing a document that
     * outlives tokens (a consent receipt, D20) and must stay verifiable offline with the JWK Set.
     * The mark is written in the caller's transaction, so it exists exactly when the document
     * commits; once this node has seen it commit it costs nothing more.
     *
     * @throws IllegalStateException outside a transaction
     */
    public void keepPublished(String kid) {
        if (keptPublished.contains(kid)) {
            return;
        }
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            throw new IllegalStateException("keepPublished runs in the transaction of the signed document");
        }
        repository.keepPublished(kid);
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                keptPublished.add(kid);
            }
        });
    }

    /**
     * Makes a new key current and retires the previous current key (as of now). Tokens signed with
     * the retired key keep verifying for the retention window.
     */
    public SigningKey rotate() {
        return rotateAndReport().current();
    }

    /** {@link #rotate()}, also naming the key it retired (none on an installation without keys). */
    public KeyRotation rotateAndReport() {
        for (int attempt = 1; ; attempt++) {
            try {
                KeyRotation rotation = ownTransaction.execute(tx -> rotateOnce());
                reload();
                log.info("Signing keys rotated: {} is current, {} retired", rotation.current().kid(),
                        rotation.retiredKid().orElse("no key"));
                return rotation;
            } catch (DataIntegrityViolationException | ConcurrencyFailureException concurrentRotation) {
                if (attempt == WRITE_ATTEMPTS) {
                    throw new IllegalStateException("The signing keys are being rotated elsewhere; try again.");
                }
            }
        }
    }

    /** Reads the keys from the database again; the server does it every {@link #REFRESH_INTERVAL}. */
    void refresh() {
        reload();
    }

    private KeyRotation rotateOnce() {
        Instant now = clock.instant();
        Optional<StoredKey> previous = repository.findCurrent();
        if (previous.isPresent() && !repository.retire(previous.get().kid(), now)) {
            throw new OptimisticLockingFailureException("another rotation retired the current key first");
        }
        NewKey fresh = generate(now);
        repository.insertCurrent(fresh.stored());
        return new KeyRotation(fresh.signingKey(), previous.map(StoredKey::kid));
    }

    private void createFirstKey() {
        try {
            ownTransaction.executeWithoutResult(tx -> {
                if (repository.findCurrent().isEmpty()) {
                    repository.insertCurrent(generate(clock.instant()).stored());
                }
            });
        } catch (DataIntegrityViolationException | ConcurrencyFailureException anotherNodeWon) {
            // The winner's key is what the next reload reads.
        }
    }

    private NewKey generate(Instant now) {
        String kid = ids.newId().toString();
        try {
            ECKey key = new ECKeyGenerator(Curve.P_256).keyID(kid).keyUse(KeyUse.SIGNATURE)
                    .algorithm(JWSAlgorithm.ES256).generate();
            StoredKey stored = new StoredKey(kid, ALGORITHM, key.toPublicJWK().toJSONString(),
                    cipher.encrypt(key.toJSONString(), kid), now, Optional.empty(), false);
            return new NewKey(new SigningKey(kid, key), stored);
        } catch (JOSEException e) {
            throw new IllegalStateException("Cannot generate a P-256 key", e);
        }
    }

    private Snapshot loaded() {
        Snapshot known = snapshot;
        if (known.loaded()) {
            return known;
        }
        synchronized (reloadLock) {
            return snapshot.loaded() ? snapshot : reloadLocked();
        }
    }

    private Snapshot reload() {
        synchronized (reloadLock) {
            return reloadLocked();
        }
    }

    private Snapshot reloadLocked() {
        Snapshot previous = snapshot;
        List<StoredKey> rows = repository.findPublished(clock.instant().minus(retention));
        rows.stream().filter(StoredKey::keptPublished).forEach(row -> keptPublished.add(row.kid()));
        Optional<StoredKey> currentRow = rows.stream().filter(StoredKey::isCurrent).findFirst();
        Optional<SigningKey> current = currentRow.flatMap(row -> previous.current()
                .filter(key -> key.kid().equals(row.kid()))
                .or(() -> open(row)));
        List<PublishedKey> published = rows.stream().map(SigningKeyService::published).toList();
        Optional<String> currentKid = currentRow.map(StoredKey::kid);
        Snapshot fresh = new Snapshot(true, currentKid, current, published);
        if (currentKid.isPresent() && !currentKid.equals(previous.currentKid())) {
            log.info("Signing key {} is current", currentKid.get());
        }
        snapshot = fresh;
        return fresh;
    }

    private Optional<SigningKey> open(StoredKey row) {
        try {
            ECKey key = ECKey.parse(cipher.decrypt(row.privateJwkEncrypted(), row.kid()));
            return Optional.of(new SigningKey(row.kid(), key));
        } catch (KeyDecryptionException | ParseException unreadable) {
            log.error("The current signing key {} cannot be decrypted with this node's master key; every node must "
                    + "share one ASSENT_MASTER_KEY. Tokens cannot be signed until that is fixed.", row.kid());
            return Optional.empty();
        }
    }

    private static PublishedKey published(StoredKey row) {
        try {
            return new PublishedKey(ECKey.parse(row.publicJwk()).toPublicJWK(), row.retiredAt(), row.keptPublished());
        } catch (ParseException e) {
            throw new IllegalStateException("Signing key " + row.kid() + " has an unreadable public JWK", e);
        }
    }

    private boolean mayReloadForUnknownKid(Instant now) {
        Instant last = lastUnknownKidReload.get();
        Duration since = Duration.between(last, now);
        // A clock set back (NTP, a test) must not stop reloads until it has caught up again.
        boolean due = since.isNegative() || since.compareTo(UNKNOWN_KID_RELOAD_INTERVAL) >= 0;
        return due && lastUnknownKidReload.compareAndSet(last, now);
    }

    private static IllegalStateException undecryptable() {
        return new IllegalStateException("The current signing key cannot be decrypted with this node's master key; "
                + "every node must share one ASSENT_MASTER_KEY (or rotate the keys with `admin keys rotate`).");
    }

    private record NewKey(SigningKey signingKey, StoredKey stored) {
    }

    private record PublishedKey(ECKey publicKey, Optional<Instant> retiredAt, boolean keptPublished) {

        boolean publishedAt(Instant now, Duration retention) {
            return keptPublished || retiredAt.map(retired -> now.isBefore(retired.plus(retention))).orElse(true);
        }
    }

    /**
     * What this node knows of the keys. {@code currentKid} names the database's current key even
     * when this node cannot decrypt it ({@code current} is then empty).
     */
    private record Snapshot(boolean loaded, Optional<String> currentKid, Optional<SigningKey> current,
                            List<PublishedKey> keys) {

        static final Snapshot NOT_LOADED = new Snapshot(false, Optional.empty(), Optional.empty(), List.of());

        boolean hasCurrent() {
            return currentKid.isPresent();
        }

        List<JWK> publishedAt(Instant now, Duration retention) {
            return keys.stream().filter(key -> key.publishedAt(now, retention)).map(key -> (JWK) key.publicKey()).toList();
        }

        Optional<ECKey> find(String kid, Instant now, Duration retention) {
            return keys.stream().filter(key -> key.publishedAt(now, retention))
                    .map(PublishedKey::publicKey).filter(key -> kid.equals(key.getKeyID())).findFirst();
        }
    }
}
