package io.assent.consumer;

import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Cursor;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.trust.ConsentChain;

/**
 * Who read a consumer's data and when (D17): every successful {@code GET /sessions/{id}/data} is
 * recorded against its grant with the client and the categories read, and a grant carries the
 * count of its reads and the time of the last one. Each read is appended, in its transaction, to
 * the consumer's hash chain (D20).
 */
@Service
public class GrantAccessLog {

    /** What a grant's list entry shows of its log. */
    public record Summary(long accessCount, Optional<Instant> lastAccessedAt) {

        static final Summary NONE = new Summary(0, Optional.empty());
    }

    private final GrantAccessRepository accesses;
    private final ConsentChain chain;
    private final IdGenerator ids;
    private final Clock clock;

    public GrantAccessLog(GrantAccessRepository accesses, ConsentChain chain, IdGenerator ids, Clock clock) {
        this.accesses = accesses;
        this.chain = chain;
        this.ids = ids;
        this.clock = clock;
    }

    /** Records one read of the grant's data by the client. */
    @Transactional
    public void record(UUID grantId, UUID consumerId, String clientId, List<String> categories) {
        chain.append(consumerId, accesses.insert(ids.newId(), grantId, consumerId, clientId, categories, clock.instant()));
    }

    /** The reads of one grant, newest first. The caller has checked that the grant is the consumer's. */
    public Page<GrantAccess> accesses(UUID grantId, PageRequest page) {
        return Page.of(accesses.page(grantId, page), page, a -> new Cursor(a.accessedAt(), UUID.fromString(a.id())));
    }

    /** The count and last time of the reads of each grant (grants never read are absent). */
    public Map<UUID, Summary> summaries(Collection<UUID> grantIds) {
        return accesses.summaries(grantIds);
    }

    public Summary summary(UUID grantId) {
        return summaries(List.of(grantId)).getOrDefault(grantId, Summary.NONE);
    }
}
