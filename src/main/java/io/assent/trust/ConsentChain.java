package io.assent.trust;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import com.nimbusds.jwt.JWTClaimsSet;

import io.assent.oauth.TokenMinter;
import io.assent.trust.ChainRepository.ChainHead;
import io.assent.trust.ChainRepository.StoredLink;

/**
 * The consumer's tamper-evident record (D20): every history event and every grant access is
 * appended, in the transaction that writes it, to a hash chain of that consumer. Appends of one
 * consumer are serialised by a row lock on their chain head; different consumers never wait for
 * each other. {@link #export} hands the consumer their whole chain with a signed head, a checkpoint
 * they can keep elsewhere.
 */
@Service
public class ConsentChain {

    /** The {@code typ} of the signed head of an export. */
    public static final String HEAD_TYPE = "chain-head+jwt";
    static final int PAGE = 500;

    private final ChainRepository chains;
    private final Map<String, ChainSource> sources;
    private final TokenMinter minter;
    private final TrustSettings settings;
    private final Clock clock;

    public ConsentChain(ChainRepository chains, List<ChainSource> sources, TokenMinter minter, TrustSettings settings,
                        Clock clock) {
        this.chains = chains;
        this.sources = sources.stream().collect(Collectors.toMap(ChainSource::kind, Function.identity()));
        this.minter = minter;
        this.settings = settings;
        this.clock = clock;
    }

    /** Appends the entry (just written in the caller's transaction) to its consumer's chain. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void append(UUID consumerId, ChainEntry entry) {
        if (!settings.enabled()) {
            return;
        }
        Instant now = clock.instant();
        ChainHead head = chains.lockHead(consumerId).orElseGet(() -> {
            chains.createHead(consumerId, ChainHash.EMPTY, now);
            return chains.lockHead(consumerId).orElseThrow();
        });
        long seq = head.count() + 1;
        chains.append(consumerId, seq, entry, ChainHash.next(head.hash(), entry), now);
    }

    /** One entry of an export: its place, what it records (the hashed document) and its hash. */
    public record ExportedEntry(long seq, String kind, Map<String, Object> entry, String hash) {
    }

    /** The consumer's chain, whole, with a JWS over {@code {sub, count, head_hash, iat}}. */
    public record Export(String sub, long count, String headHash, List<ExportedEntry> entries, String signedHead) {
    }

    /**
     * The consumer's whole chain as it stands, with the records as they are stored now, and a
     * signed head (the signing key is kept published, so the head verifies as long as receipts do).
     */
    @Transactional
    public Export export(UUID consumerId) {
        // Entries up to the head's count are committed with it, so reading the head first gives a consistent cut.
        ChainHead head = chains.head(consumerId).orElse(new ChainHead(consumerId, 0, ChainHash.EMPTY));
        List<ExportedEntry> entries = new ArrayList<>();
        for (long from = 1; from <= head.count(); from += PAGE) {
            List<StoredLink> links = chains.links(consumerId, from, Math.min(head.count(), from + PAGE - 1));
            Map<String, Map<UUID, ChainEntry>> records = load(links);
            for (StoredLink link : links) {
                ChainEntry record = records.getOrDefault(link.kind(), Map.of()).get(link.entryId());
                entries.add(new ExportedEntry(link.seq(), link.kind(), record == null ? null : record.document(), link.hash()));
            }
        }
        JWTClaimsSet claims = new JWTClaimsSet.Builder().subject(consumerId.toString())
                .claim("count", head.count()).claim("head_hash", head.hash())
                .issueTime(Date.from(clock.instant())).build();
        String signed = minter.signDocument(claims, HEAD_TYPE).jws();
        return new Export(consumerId.toString(), head.count(), head.hash(), entries, signed);
    }

    /** The records the links name, by kind and id, as stored now. */
    Map<String, Map<UUID, ChainEntry>> load(List<StoredLink> links) {
        return links.stream().collect(Collectors.groupingBy(StoredLink::kind,
                        Collectors.mapping(StoredLink::entryId, Collectors.toList())))
                .entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, byKind -> {
                    ChainSource source = sources.get(byKind.getKey());
                    return source == null ? Map.<UUID, ChainEntry>of() : source.entries(byKind.getValue());
                }));
    }
}
