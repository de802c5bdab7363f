package io.assent.oauth;

import java.util.Map;

/** What each scope lets an app do, in words a consumer reads on the consent screen. */
public final class ScopeDescriptions {

    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("openid", "Know who you are when you sign in"),
            Map.entry("consumer.profile.read", "See your name, e-mail address, phone number, contacts and addresses"),
            Map.entry("consumer.profile.write", "Change your name, e-mail address, phone number, contacts and addresses"),
            Map.entry("consumer.documents.read", "See and download your documents"),
            Map.entry("consumer.documents.write", "Upload and delete your documents"),
            Map.entry("consumer.grants.read", "See which companies you have shared data with"),
            Map.entry("consumer.grants.revoke", "Stop sharing your data with a company"),
            Map.entry("consumer.history.read", "See your activity history"),
            Map.entry("consumer.notifications.read", "See your notifications"),
            Map.entry("consumer.notifications.write", "Mark your notifications as read"),
            Map.entry("consumer.consent.read", "See requests for your data"),
            Map.entry("consumer.consent.respond", "Approve or deny requests for your data on your behalf"));

    private ScopeDescriptions() {
    }

    public static String describe(String scope) {
        return WORDS.getOrDefault(scope, scope);
    }
}
