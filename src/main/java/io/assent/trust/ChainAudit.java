package io.assent.trust;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.stereotype.Service;

import io.assent.trust.ChainRepository.ChainHead;
import io.assent.trust.ChainRepository.StoredLink;

/**
 * Recomputes consumers' chains from the records as they are stored now (D20): a history row or a
 * grant access changed, deleted or swapped by hand, an entry removed or reordered, or a head that
 * does not match its chain, is reported with the first entry where the chain breaks.
 */
@Service
public class ChainAudit {

    private final ChainRepository chains;
    private final ConsentChain chain;

    public ChainAudit(ChainRepository chains, ConsentChain chain) {
        this.chains = chains;
        this.chain = chain;
    }

    /** Where a chain breaks: the entry's place (0 for the head row), what it records, and why. */
    public record Break(long seq, Optional<String> kind, Optional<UUID> entryId, String problem) {
    }

    /** One consumer's chain: how many entries it has and the first break, if any. */
    public record ChainReport(UUID consumerId, long entries, Optional<Break> firstBreak) {

        public boolean intact() {
            return firstBreak.isEmpty();
        }
    }

    /** The audit of every chain asked for. */
    public record Report(long chainsChecked, long entries, List<ChainReport> broken) {

        public boolean intact() {
            return broken.isEmpty();
        }
    }

    /** Checks every consumer's chain, or only the one given. */
    public Report verify(Optional<UUID> consumer) {
        List<UUID> consumers = new ArrayList<>();
        consumer.ifPresentOrElse(consumers::add, () -> chains.eachConsumer(consumers::add));
        long entries = 0;
        List<ChainReport> broken = new ArrayList<>();
        for (UUID consumerId : consumers) {
            ChainReport report = verifyOne(consumerId);
            entries += report.entries();
            if (!report.intact()) {
                broken.add(report);
            }
        }
        return new Report(consumers.size(), entries, broken);
    }

    /** Recomputes one consumer's chain. */
    public ChainReport verifyOne(UUID consumerId) {
        ChainHead head = chains.head(consumerId).orElse(new ChainHead(consumerId, 0, ChainHash.EMPTY));
        long last = Math.max(head.count(), chains.maxSeq(consumerId));
        long stored = chains.linkCount(consumerId);
        String previous = ChainHash.EMPTY;
        for (long from = 1; from <= last; from += ConsentChain.PAGE) {
            long to = Math.min(last, from + ConsentChain.PAGE - 1);
            List<StoredLink> links = chains.links(consumerId, from, to);
            Map<String, Map<UUID, ChainEntry>> records = chain.load(links);
            long expected = from;
            for (StoredLink link : links) {
                if (link.seq() != expected) {
                    return broken(consumerId, stored, new Break(expected, Optional.empty(), Optional.empty(), "entry_missing"));
                }
                ChainEntry record = records.getOrDefault(link.kind(), Map.of()).get(link.entryId());
                if (record == null) {
                    return broken(consumerId, stored, at(link, "record_missing"));
                }
                String hash = ChainHash.next(previous, record);
                if (!hash.equals(link.hash())) {
                    return broken(consumerId, stored, at(link, "hash_mismatch"));
                }
                previous = hash;
                expected++;
            }
            if (expected != to + 1) {
                return broken(consumerId, stored, new Break(expected, Optional.empty(), Optional.empty(), "entry_missing"));
            }
        }
        if (head.count() != last || !head.hash().equals(previous)) {
            return broken(consumerId, stored, new Break(0, Optional.empty(), Optional.empty(), "head_mismatch"));
        }
        return new ChainReport(consumerId, stored, Optional.empty());
    }

    private static Break at(StoredLink link, String problem) {
        return new Break(link.seq(), Optional.of(link.kind()), Optional.of(link.entryId()), problem);
    }

    private static ChainReport broken(UUID consumerId, long entries, Break first) {
        return new ChainReport(consumerId, entries, Optional.of(first));
    }
}
