package io.assent.oauth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Whether what a token speaks for (a user account, a client) is still active, so that disabling it
 * stops its tokens before they expire. Asked on every request, so each answer is kept for
 * {@link #TTL}: something disabled on any node (or by the command line) is refused everywhere at
 * most that long after, without a database read per request.
 *
 * @param <K> the key of what is asked about
 */
final class ActiveStatusCache<K> {

    static final Duration TTL = Duration.ofSeconds(5);
    private static final int MAX_ENTRIES = 100_000;

    private record Entry(boolean active, Instant checkedAt) {
    }

    private final Predicate<K> lookup;
    private final Clock clock;
    private final Map<K, Entry> entries = new ConcurrentHashMap<>();

    ActiveStatusCache(Predicate<K> lookup, Clock clock) {
        this.lookup = lookup;
        this.clock = clock;
    }

    boolean isActive(K key) {
        Instant now = clock.instant();
        Entry entry = entries.get(key);
        if (entry == null || !entry.checkedAt().plus(TTL).isAfter(now) || entry.checkedAt().isAfter(now)) {
            if (entries.size() >= MAX_ENTRIES) {
                // A crude bound on memory: forgetting everything costs one read per active key.
                entries.clear();
            }
            entry = new Entry(lookup.test(key), now);
            entries.put(key, entry);
        }
        return entry.active();
    }
}
