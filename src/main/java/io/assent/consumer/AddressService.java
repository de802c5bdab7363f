package io.assent.consumer;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.assent.identity.UserAccount;
import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Cursor;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;

/**
 * The consumer's postal addresses (D17): at most {@value #LIMIT}, at most one primary (making one
 * primary clears the other in the same transaction), countries as ISO 3166-1 alpha-2 codes. Each
 * change writes its history entry in its transaction; another consumer's address is 404.
 */
@Service
public class AddressService {

    public static final int LIMIT = 20;
    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());

    private final AddressRepository addresses;
    private final ConsumerRowLock lock;
    private final HistoryService history;
    private final IdGenerator ids;
    private final Clock clock;

    public AddressService(AddressRepository addresses, ConsumerRowLock lock, HistoryService history, IdGenerator ids, Clock clock) {
        this.addresses = addresses;
        this.lock = lock;
        this.history = history;
        this.ids = ids;
        this.clock = clock;
    }

    public List<Address> list(UserAccount consumer) {
        return addresses.list(consumer.id());
    }

    /** One D10 page of the consumer's addresses, newest first. */
    public Page<Address> page(UserAccount consumer, PageRequest page) {
        return Page.of(addresses.page(consumer.id(), page), page, c -> new Cursor(c.createdAt(), UUID.fromString(c.id())));
    }

    @Transactional
    public Address add(UserAccount consumer, NewAddress request) {
        validate(request);
        lock.lock(consumer.id());
        if (addresses.count(consumer.id()) >= LIMIT) {
            throw ApiException.conflict("conflict", "A consumer can keep at most " + LIMIT + " addresses.");
        }
        Instant now = clock.instant();
        Address address = build(ids.newId().toString(), request, now, now);
        addresses.insert(consumer.id(), address);
        keepOnePrimary(consumer, address, now);
        history.record(consumer.id(), "address_added", HistoryService.Actor.CONSUMER,
                "You added " + describe(address) + ".", details(address));
        return address;
    }

    @Transactional
    public Address update(UserAccount consumer, String id, AddressPatch patch) {
        lock.lock(consumer.id());
        Address current = find(consumer, id);
        if (patch.clearsPrimaryFlag()) {
            throw ApiException.validationFailed("The address is not valid.",
                    List.of(new FieldProblem("is_primary", "must be true or false")));
        }
        NewAddress changed = patch.applyTo(current);
        validate(changed);
        Instant now = clock.instant();
        Address updated = build(current.id(), changed, current.createdAt(), now);
        addresses.update(consumer.id(), updated);
        keepOnePrimary(consumer, updated, now);
        history.record(consumer.id(), "address_updated", HistoryService.Actor.CONSUMER,
                "You changed " + describe(updated) + ".", details(updated));
        return updated;
    }

    @Transactional
    public UUID remove(UserAccount consumer, String id) {
        lock.lock(consumer.id());
        Address address = find(consumer, id);
        UUID addressId = UUID.fromString(address.id());
        addresses.delete(consumer.id(), addressId);
        history.record(consumer.id(), "address_removed", HistoryService.Actor.CONSUMER,
                "You removed " + describe(address) + ".", details(address));
        return addressId;
    }

    private Address find(UserAccount consumer, String id) {
        return IdGenerator.parse(id).flatMap(addressId -> addresses.find(consumer.id(), addressId))
                .orElseThrow(ApiException::notFound);
    }

    private void keepOnePrimary(UserAccount consumer, Address address, Instant now) {
        if (address.isPrimary()) {
            addresses.clearPrimary(consumer.id(), UUID.fromString(address.id()), now);
        }
    }

    private static Address build(String id, NewAddress request, Instant created, Instant updated) {
        return new Address(id, request.label(), request.line1().strip(), strip(request.line2()), request.city().strip(),
                strip(request.region()), strip(request.postalCode()), request.country(),
                Boolean.TRUE.equals(request.isPrimary()), created, updated);
    }

    private static String strip(String text) {
        return text == null ? null : text.strip();
    }

    private static void validate(NewAddress request) {
        List<FieldProblem> problems = new ArrayList<>();
        ContactService.labelProblem(request.label()).ifPresent(problems::add);
        required("line1", request.line1(), 200, problems);
        optional("line2", request.line2(), 200, problems);
        required("city", request.city(), 100, problems);
        optional("region", request.region(), 100, problems);
        optional("postal_code", request.postalCode(), 20, problems);
        if (request.country() == null || !COUNTRIES.contains(request.country())) {
            problems.add(new FieldProblem("country", "must be an ISO 3166-1 alpha-2 code in capitals, such as GB"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The address is not valid.", problems);
        }
    }

    private static void required(String field, String value, int max, List<FieldProblem> problems) {
        if (value == null || value.isBlank() || value.strip().length() > max) {
            problems.add(new FieldProblem(field, "must be 1 to " + max + " characters"));
        }
    }

    private static void optional(String field, String value, int max, List<FieldProblem> problems) {
        if (value != null) {
            required(field, value, max, problems);
        }
    }

    private static String describe(Address address) {
        return address.label() == null ? "an address in " + address.city() : "the address " + address.label();
    }

    private static Map<String, Object> details(Address address) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("address_id", address.id());
        if (address.label() != null) {
            details.put("label", address.label());
        }
        return details;
    }
}
