package io.assent.oauth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.stereotype.Component;

import io.assent.identity.IdentityService;

/**
 * Whether the account behind a user token is still active (D17: a disabled account's tokens stop
 * working). Asked on every request with a user token, so the answer is kept for {@link #TTL}: an
 * account disabled on any node (or by the command line) is refused everywhere at most that long
 * after, without a database read per request.
 */
@Component
class AccountStatusCache {

    static final Duration TTL = Duration.ofSeconds(5);
    private static final int MAX_ENTRIES = 100_000;

    private record Entry(boolean active, Instant checkedAt) {
    }

    private final IdentityService identity;
    private final Clock clock;
    private final Map<UUID, Entry> entries = new ConcurrentHashMap<>();

    AccountStatusCache(IdentityService identity, Clock clock) {
        this.identity = identity;
        this.clock = clock;
    }

    boolean isActive(UUID userId) {
        Instant now = clock.instant();
        Entry entry = entries.get(userId);
        if (entry == null || !entry.checkedAt().plus(TTL).isAfter(now) || entry.checkedAt().isAfter(now)) {
            if (entries.size() >= MAX_ENTRIES) {
                // A crude bound on memory: forgetting everything costs one read per active user.
                entries.clear();
            }
            entry = new Entry(identity.isActive(userId), now);
            entries.put(userId, entry);
        }
        return entry.active();
    }
}
