package io.assent.oauth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import io.assent.platform.id.IdGenerator;
import io.assent.platform.time.SqlTime;

/**
 * The revoked access tokens (by {@code jti}) and chains (by {@code sid}) that are still worth
 * refusing. Checked on every API request, so it is an in-memory set; each node polls the shared
 * table every 250 ms so a revocation made anywhere is refused everywhere within a second (D4).
 * Entries leave once no token they name can still be valid.
 */
@Component
public class RevocationList {

    /** Rows are read again for this long after they are first seen, for transactions that commit late. */
    private static final Duration OVERLAP = Duration.ofSeconds(5);

    private final JdbcClient jdbc;
    private final IdGenerator ids;
    private final Clock clock;
    private final Map<String, Instant> revoked = new ConcurrentHashMap<>();
    private volatile Instant polledUntil = Instant.EPOCH;

    public RevocationList(JdbcClient jdbc, IdGenerator ids, Clock clock) {
        this.jdbc = jdbc;
        this.ids = ids;
        this.clock = clock;
    }

    @jakarta.annotation.PostConstruct
    void load() {
        poll();
    }

    public boolean isRevoked(VerifiedToken token) {
        return revoked.containsKey(jtiKey(token.jti()))
                || token.chainId().map(chain -> revoked.containsKey(chainKey(chain))).orElse(false);
    }

    /** Refuses one access token until it expires. Joins the caller's transaction. */
    public void revokeToken(String jti, Instant expiresAt) {
        record(jtiKey(jti), expiresAt);
    }

    /** Refuses every access token of a chain issued up to now; they all expire within {@code accessTokenTtl}. */
    public void revokeChain(UUID chainId, Instant lastTokenExpiry) {
        record(chainKey(chainId), lastTokenExpiry);
    }

    private void record(String key, Instant expiresAt) {
        jdbc.sql("insert into token_revocations (id, token_key, expires_at, recorded_at) values (:id, :key, :expires, :at)")
                .param("id", ids.newId()).param("key", key).param("expires", SqlTime.of(expiresAt))
                .param("at", SqlTime.of(clock.instant()))
                .update();
        revoked.put(key, expiresAt);
    }

    /** Picks up revocations made by other nodes (and forgets expired ones). */
    @Scheduled(fixedDelay = 250)
    public void poll() {
        Instant now = clock.instant();
        Instant since = polledUntil.minus(OVERLAP);
        jdbc.sql("select token_key, expires_at from token_revocations where recorded_at > :since and expires_at > :now")
                .param("since", SqlTime.of(since)).param("now", SqlTime.of(now))
                .query((rs, n) -> Map.entry(rs.getString("token_key"), SqlTime.instant(rs, "expires_at")))
                .list()
                .forEach(entry -> revoked.put(entry.getKey(), entry.getValue()));
        polledUntil = now;
        revoked.values().removeIf(expiry -> !expiry.isAfter(now));
    }

    @Scheduled(fixedDelayString = "PT10M", initialDelayString = "PT2M")
    public void deleteExpired() {
        jdbc.sql("delete from token_revocations where expires_at < :now")
                .param("now", SqlTime.of(clock.instant().minus(OVERLAP))).update();
    }

    static String jtiKey(String jti) {
        return "jti:" + jti;
    }

    static String chainKey(UUID chainId) {
        return "sid:" + chainId;
    }

    Optional<Instant> expiryOf(String key) {
        return Optional.ofNullable(revoked.get(key));
    }
}
