package io.assent.platform.security;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The scope vocabulary of the spec ("Scopes"), split by who may hold each scope (D4). */
public final class Scopes {

    public static final String OPENID = "openid";

    /** Scopes a consumer can grant to an app through the authorization code flow. */
    public static final List<String> CONSUMER = List.of(
            "consumer.profile.read", "consumer.profile.write",
            "consumer.documents.read", "consumer.documents.write",
            "consumer.grants.read", "consumer.grants.revoke",
            "consumer.history.read",
            "consumer.notifications.read", "consumer.notifications.write",
            "consumer.consent.read", "consumer.consent.respond");

    /** Scopes a partner client holds for itself through client credentials. */
    public static final List<String> PARTNER = List.of(
            "partner.products.read", "partner.products.write",
            "partner.opportunities.read", "partner.opportunities.write",
            "partner.webhooks.read", "partner.webhooks.write",
            "sessions.create", "sessions.read", "sessions.revoke");

    private Scopes() {
    }

    /** Every scope a client may be registered for. */
    public static Set<String> all() {
        Set<String> all = new LinkedHashSet<>(CONSUMER);
        all.addAll(PARTNER);
        all.add(OPENID);
        return all;
    }

    /** Splits a space-delimited scope string (RFC 6749 section 3.3) into its distinct scopes. */
    public static Set<String> parse(String scope) {
        Set<String> scopes = new LinkedHashSet<>();
        if (scope != null) {
            for (String s : scope.trim().split(" +")) {
                if (!s.isEmpty()) {
                    scopes.add(s);
                }
            }
        }
        return scopes;
    }

    public static String format(Set<String> scopes) {
        return String.join(" ", scopes);
    }
}
