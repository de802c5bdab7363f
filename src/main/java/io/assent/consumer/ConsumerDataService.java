package io.assent.consumer;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.stereotype.Service;

import io.assent.identity.IdentityService;
import io.assent.identity.UserAccount;

/**
 * The consumer's live data, one method per data category (D7, D17), read at the moment a partner
 * with a grant asks for it.
 */
@Service
public class ConsumerDataService {

    private final IdentityService identity;
    private final ContactRepository contacts;
    private final AddressRepository addresses;
    private final DocumentService documents;

    public ConsumerDataService(IdentityService identity, ContactRepository contacts, AddressRepository addresses,
                               DocumentService documents) {
        this.identity = identity;
        this.contacts = contacts;
        this.addresses = addresses;
        this.documents = documents;
    }

    public Map<String, Object> profile(UUID consumerId) {
        UserAccount user = identity.find(consumerId).orElseThrow();
        Map<String, Object> profile = new LinkedHashMap<>();
        profile.put("user_id", user.id().toString());
        profile.put("first_name", user.firstName().orElse(null));
        profile.put("last_name", user.lastName().orElse(null));
        profile.put("email", user.email());
        profile.put("phone", user.phone().orElse(null));
        return profile;
    }

    public List<Map<String, Object>> contacts(UUID consumerId) {
        return contacts.list(consumerId).stream().map(contact -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", contact.id());
            entry.put("kind", contact.kind());
            entry.put("value", contact.value());
            entry.put("label", contact.label());
            entry.put("is_primary", contact.isPrimary());
            entry.put("created_at", contact.createdAt().toString());
            entry.put("updated_at", contact.updatedAt().toString());
            return entry;
        }).toList();
    }

    public List<Map<String, Object>> addresses(UUID consumerId) {
        return addresses.list(consumerId).stream().map(address -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", address.id());
            entry.put("label", address.label());
            entry.put("line1", address.line1());
            entry.put("line2", address.line2());
            entry.put("city", address.city());
            entry.put("region", address.region());
            entry.put("postal_code", address.postalCode());
            entry.put("country", address.country());
            entry.put("is_primary", address.isPrimary());
            entry.put("created_at", address.createdAt().toString());
            entry.put("updated_at", address.updatedAt().toString());
            return entry;
        }).toList();
    }

    /** The consumer's documents, each with a signed {@code download_url} valid 300 s (D17). */
    public List<Map<String, Object>> documents(UUID consumerId) {
        return documents.forPartner(consumerId);
    }
}
