package io.assent.partners;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.validation.EmailAddress;

/**
 * Partners: the organisations that own clients, products, sessions and webhook endpoints (D6).
 */
@Service
public class PartnerService {

    private final PartnerRepository partners;
    private final Cache<UUID, Partner> recent = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(Duration.ofSeconds(60)).build();
    private final IdGenerator ids;
    private final Clock clock;

    public PartnerService(PartnerRepository partners, IdGenerator ids, Clock clock) {
        this.partners = partners;
        this.ids = ids;
        this.clock = clock;
    }

    @Transactional
    public Partner create(String name, String ownerEmail) {
        String cleanName = name == null ? "" : name.strip();
        Optional<EmailAddress> owner = EmailAddress.parse(ownerEmail);
        List<FieldProblem> problems = new ArrayList<>();
        if (cleanName.isEmpty() || cleanName.length() > 200) {
            problems.add(new FieldProblem("name", "must be 1 to 200 characters"));
        }
        if (owner.isEmpty()) {
            problems.add(new FieldProblem("owner_email", "must be an e-mail address"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The partner is not valid.", problems);
        }
        Partner partner = new Partner(ids.newId(), cleanName, owner.get().value(), clock.instant());
        partners.insert(partner);
        return partner;
    }

    /** The partner; read through a short-lived per-node cache, as every consent page and list names one. */
    public Optional<Partner> find(UUID id) {
        return Optional.ofNullable(recent.get(id, key -> partners.find(key).orElse(null)));
    }
}
