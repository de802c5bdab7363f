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
        partners.addMember(partner.id(), partner.ownerEmail(), partner.createdAt());
        return partner;
    }

    /**
     * Makes the e-mail address a staff member of the partner (D19): the staff account with that
     * address may run the partner's portal. 404 for an unknown partner, 400 for a bad address.
     */
    @Transactional
    public Partner addMember(UUID partnerId, String email) {
        Partner partner = find(partnerId).orElseThrow(() -> ApiException.notFound("not_found", "No partner " + partnerId + "."));
        EmailAddress member = EmailAddress.parse(email).orElseThrow(() -> ApiException.validationFailed(
                "The member is not valid.", List.of(new FieldProblem("email", "must be an e-mail address"))));
        partners.addMember(partner.id(), member.value(), clock.instant());
        return partner;
    }

    /**
     * The one partner whose data a staff member sees (D19). A member of several partners sees the
     * one they were added to first: a later membership never changes what someone already works on.
     */
    public Optional<Partner> partnerOfMember(String email) {
        return EmailAddress.parse(email).flatMap(member -> partners.partnersOfMember(member.value()).stream().findFirst())
                .flatMap(this::find);
    }

    /** The partner; read through a short-lived per-node cache, as every consent page and list names one. */
    public Optional<Partner> find(UUID id) {
        return Optional.ofNullable(recent.get(id, key -> partners.find(key).orElse(null)));
    }
}
