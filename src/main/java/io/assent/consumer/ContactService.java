package io.assent.consumer;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
import io.assent.platform.validation.EmailAddress;
import io.assent.platform.validation.PhoneNumber;

/**
 * The consumer's contacts (D17): e-mail addresses and E.164 phone numbers, at most
 * {@value #LIMIT}, at most one primary per kind (making one primary clears the other in the same
 * transaction). Each change writes its history entry in its transaction; another consumer's
 * contact is 404.
 */
@Service
public class ContactService {

    public static final int LIMIT = 20;
    static final int LABEL_LENGTH = 100;

    private final ContactRepository contacts;
    private final ConsumerRowLock lock;
    private final HistoryService history;
    private final IdGenerator ids;
    private final Clock clock;

    public ContactService(ContactRepository contacts, ConsumerRowLock lock, HistoryService history, IdGenerator ids, Clock clock) {
        this.contacts = contacts;
        this.lock = lock;
        this.history = history;
        this.ids = ids;
        this.clock = clock;
    }

    public List<Contact> list(UserAccount consumer) {
        return contacts.list(consumer.id());
    }

    /** One D10 page of the consumer's contacts, newest first. */
    public Page<Contact> page(UserAccount consumer, PageRequest page) {
        return Page.of(contacts.page(consumer.id(), page), page, c -> new Cursor(c.createdAt(), UUID.fromString(c.id())));
    }

    @Transactional
    public Contact add(UserAccount consumer, NewContact request) {
        List<FieldProblem> problems = new ArrayList<>();
        String kind = request.kind();
        if (!"email".equals(kind) && !"phone".equals(kind)) {
            problems.add(new FieldProblem("kind", "must be email or phone"));
        }
        Optional<String> value = validValue(kind, request.value(), problems);
        labelProblem(request.label()).ifPresent(problems::add);
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The contact is not valid.", problems);
        }
        lock.lock(consumer.id());
        if (contacts.count(consumer.id()) >= LIMIT) {
            throw ApiException.conflict("conflict", "A consumer can keep at most " + LIMIT + " contacts.");
        }
        Instant now = clock.instant();
        Contact contact = new Contact(ids.newId().toString(), kind, value.orElseThrow(), request.label(),
                Boolean.TRUE.equals(request.isPrimary()), now, now);
        contacts.insert(consumer.id(), contact);
        keepOnePrimary(consumer, contact, now);
        history.record(consumer.id(), "contact_added", HistoryService.Actor.CONSUMER,
                "You added " + describe(contact) + ".", details(contact));
        return contact;
    }

    @Transactional
    public Contact update(UserAccount consumer, String id, ContactPatch patch) {
        lock.lock(consumer.id());
        Contact current = find(consumer, id);
        List<FieldProblem> problems = new ArrayList<>();
        String value = current.value();
        if (patch.sent("value")) {
            value = validValue(current.kind(), patch.value(), problems).orElse(null);
        }
        String label = patch.sent("label") ? patch.label() : current.label();
        labelProblem(label).ifPresent(problems::add);
        if (patch.sent("is_primary") && patch.isPrimary() == null) {
            problems.add(new FieldProblem("is_primary", "must be true or false"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The contact is not valid.", problems);
        }
        boolean primary = patch.sent("is_primary") ? patch.isPrimary() : current.isPrimary();
        Instant now = clock.instant();
        Contact updated = new Contact(current.id(), current.kind(), value, label, primary, current.createdAt(), now);
        contacts.update(consumer.id(), updated);
        keepOnePrimary(consumer, updated, now);
        history.record(consumer.id(), "contact_updated", HistoryService.Actor.CONSUMER,
                "You changed " + describe(updated) + ".", details(updated));
        return updated;
    }

    @Transactional
    public UUID remove(UserAccount consumer, String id) {
        lock.lock(consumer.id());
        Contact contact = find(consumer, id);
        UUID contactId = UUID.fromString(contact.id());
        contacts.delete(consumer.id(), contactId);
        history.record(consumer.id(), "contact_removed", HistoryService.Actor.CONSUMER,
                "You removed " + describe(contact) + ".", details(contact));
        return contactId;
    }

    private Contact find(UserAccount consumer, String id) {
        return IdGenerator.parse(id).flatMap(contactId -> contacts.find(consumer.id(), contactId))
                .orElseThrow(ApiException::notFound);
    }

    private void keepOnePrimary(UserAccount consumer, Contact contact, Instant now) {
        if (contact.isPrimary()) {
            contacts.clearPrimary(consumer.id(), contact.kind(), UUID.fromString(contact.id()), now);
        }
    }

    private static Optional<String> validValue(String kind, String value, List<FieldProblem> problems) {
        if ("email".equals(kind)) {
            Optional<String> email = EmailAddress.parse(value).map(EmailAddress::value);
            if (email.isEmpty()) {
                problems.add(new FieldProblem("value", "must be an e-mail address"));
            }
            return email;
        }
        if ("phone".equals(kind)) {
            Optional<String> phone = PhoneNumber.parse(value).map(PhoneNumber::value);
            if (phone.isEmpty()) {
                problems.add(new FieldProblem("value", "must be a phone number in E.164 form, such as +447700900123"));
            }
            return phone;
        }
        return Optional.empty();
    }

    static Optional<FieldProblem> labelProblem(String label) {
        return Optional.ofNullable(label).filter(l -> l.isBlank() || l.length() > LABEL_LENGTH)
                .map(l -> new FieldProblem("label", "must be 1 to " + LABEL_LENGTH + " characters"));
    }

    private static String describe(Contact contact) {
        String what = "email".equals(contact.kind()) ? "an e-mail address" : "a phone number";
        return contact.label() == null ? what : what + " (" + contact.label() + ")";
    }

    private static Map<String, Object> details(Contact contact) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("contact_id", contact.id());
        details.put("kind", contact.kind());
        if (contact.label() != null) {
            details.put("label", contact.label());
        }
        return details;
    }
}
