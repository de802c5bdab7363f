package io.assent.consumer;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

import io.assent.identity.IdentityService;
import io.assent.identity.UserAccount;
import io.assent.platform.time.SqlTime;

/**
 * The consumer's live data, one method per data category (D7, D17), read at the moment a partner
 * with a grant asks for it.
 */
@Service
public class ConsumerDataService {

    private final IdentityService identity;
    private final JdbcClient jdbc;
    private final DocumentService documents;

    public ConsumerDataService(IdentityService identity, JdbcClient jdbc, DocumentService documents) {
        this.identity = identity;
        this.jdbc = jdbc;
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
        return jdbc.sql("select * from consumer_contacts where consumer_id = :consumer order by created_at, id")
                .param("consumer", consumerId)
                .query((rs, n) -> {
                    Map<String, Object> contact = new LinkedHashMap<>();
                    contact.put("id", rs.getObject("id", UUID.class).toString());
                    contact.put("kind", rs.getString("kind"));
                    contact.put("value", rs.getString("contact_value"));
                    contact.put("label", rs.getString("label"));
                    contact.put("is_primary", rs.getBoolean("is_primary"));
                    contact.put("created_at", SqlTime.instant(rs, "created_at").toString());
                    contact.put("updated_at", SqlTime.instant(rs, "updated_at").toString());
                    return contact;
                }).list();
    }

    public List<Map<String, Object>> addresses(UUID consumerId) {
        return jdbc.sql("select * from consumer_addresses where consumer_id = :consumer order by created_at, id")
                .param("consumer", consumerId)
                .query((rs, n) -> {
                    Map<String, Object> address = new LinkedHashMap<>();
                    address.put("id", rs.getObject("id", UUID.class).toString());
                    address.put("label", rs.getString("label"));
                    address.put("line1", rs.getString("line1"));
                    address.put("line2", rs.getString("line2"));
                    address.put("city", rs.getString("city"));
                    address.put("region", rs.getString("region"));
                    address.put("postal_code", rs.getString("postal_code"));
                    address.put("country", rs.getString("country"));
                    address.put("is_primary", rs.getBoolean("is_primary"));
                    address.put("created_at", SqlTime.instant(rs, "created_at").toString());
                    address.put("updated_at", SqlTime.instant(rs, "updated_at").toString());
                    return address;
                }).list();
    }

    /** The consumer's documents, each with a signed {@code download_url} valid 300 s (D17). */
    public List<Map<String, Object>> documents(UUID consumerId) {
        return documents.forPartner(consumerId);
    }
}
