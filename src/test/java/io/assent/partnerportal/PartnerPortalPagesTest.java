package io.assent.partnerportal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import io.assent.identity.AccountType;
import io.assent.identity.IdentityService;
import io.assent.identity.NewUser;
import io.assent.partners.Partner;
import io.assent.partners.PartnerService;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Tenant;
import io.assent.products.DataCategory;
import io.assent.support.ApiTest;
import io.assent.support.OAuthFlows;
import io.assent.support.PageClient;

/** The partner portal over real HTTP: sign-in and membership, tenant isolation, CSRF, secrets shown once. */
class PartnerPortalPagesTest extends ApiTest {

    private static final Pattern UUID_IN_LOCATION = Pattern.compile("/([0-9a-f-]{36})(\\?|$)");

    @Autowired
    private IdentityService identity;
    @Autowired
    private PartnerService partners;

    /** A partner and a signed-in staff member of it. */
    private record Member(Partner partner, String email, PageClient pages) {
    }

    private Member member() {
        Partner partner = fixtures.partner();
        String email = "staff-" + UUID.randomUUID() + "@partner.example";
        identity.create(new NewUser(email, OAuthFlows.PASSWORD, AccountType.STAFF, Optional.of("Sam"), Optional.of("Staff")));
        partners.addMember(partner.id(), email);
        PageClient pages = new PageClient(root());
        HttpResponse<String> signedIn = pages.submit("/partner", "/partner/sign-in", Map.of("email", email, "password", OAuthFlows.PASSWORD));
        assertThat(signedIn.statusCode()).isEqualTo(302);
        assertThat(PageClient.location(signedIn).orElseThrow()).endsWith("/partner/sandbox");
        return new Member(partner, email, pages);
    }

    private static String idIn(HttpResponse<String> redirect) {
        Matcher id = UUID_IN_LOCATION.matcher(PageClient.location(redirect).orElseThrow());
        assertThat(id.find()).as("redirect to a new resource: %s", redirect.headers()).isTrue();
        return id.group(1);
    }

    @Test
    void pagesNeedAStaffMemberSignedIn() {
        PageClient anonymous = new PageClient(root());
        assertThat(anonymous.get("/partner").body()).contains("Sign in to the partner portal");
        for (String page : List.of("/partner/sandbox", "/partner/sandbox/clients", "/partner/production/products",
                "/partner/sandbox/sessions", "/partner/sandbox/opportunities", "/partner/sandbox/webhooks/deliveries")) {
            HttpResponse<String> answer = anonymous.get(page);
            assertThat(answer.statusCode()).as(page).isEqualTo(302);
            assertThat(PageClient.location(answer).orElseThrow()).as(page).endsWith("/partner");
        }
        var consumer = oauth().consumer();
        HttpResponse<String> notStaff = anonymous.submit("/partner", "/partner/sign-in",
                Map.of("email", consumer.email(), "password", OAuthFlows.PASSWORD));
        assertThat(notStaff.statusCode()).isEqualTo(403);
        assertThat(notStaff.body()).contains("not a staff member");

        String outsider = "outsider-" + UUID.randomUUID() + "@partner.example";
        identity.create(new NewUser(outsider, OAuthFlows.PASSWORD, AccountType.STAFF, Optional.empty(), Optional.empty()));
        assertThat(anonymous.submit("/partner", "/partner/sign-in", Map.of("email", outsider, "password", OAuthFlows.PASSWORD))
                .statusCode()).isEqualTo(403);
        assertThat(anonymous.submit("/partner", "/partner/sign-in", Map.of("email", outsider, "password", "wrong password"))
                .statusCode()).isEqualTo(401);

        Member member = member();
        HttpResponse<String> overview = member.pages().get("/partner/sandbox");
        assertThat(overview.statusCode()).isEqualTo(200);
        assertThat(overview.body()).contains(member.partner().name()).contains(member.email()).contains("Switch to production");
        assertThat(overview.headers().firstValue("Content-Security-Policy").orElseThrow()).contains("default-src 'self'");
        assertThat(overview.headers().firstValue("X-Frame-Options")).contains("DENY");
        assertThat(member.pages().submit("/partner/sandbox", "/partner/sign-out", Map.of()).statusCode()).isEqualTo(302);
        assertThat(member.pages().get("/partner/sandbox/clients").statusCode()).isEqualTo(302);
    }

    @Test
    void theOwnerIsAMember() {
        Partner partner = fixtures.partner();
        identity.create(new NewUser(partner.ownerEmail(), OAuthFlows.PASSWORD, AccountType.STAFF, Optional.empty(), Optional.empty()));
        PageClient pages = new PageClient(root());
        assertThat(pages.submit("/partner", "/partner/sign-in", Map.of("email", partner.ownerEmail(), "password", OAuthFlows.PASSWORD))
                .statusCode()).isEqualTo(302);
        assertThat(pages.get("/partner/sandbox").body()).contains(partner.name());
    }

    @Test
    void aClientSecretIsShownOnceAndRotationIssuesANewOne() {
        Member member = member();
        HttpResponse<String> created = member.pages().submit("/partner/sandbox/clients", "/partner/sandbox/clients", List.of(
                Map.entry("name", "Loan backend"), Map.entry("type", "confidential"),
                Map.entry("scopes", "sessions.create"), Map.entry("scopes", "sessions.read"),
                Map.entry("redirectUris", ""), Map.entry("allowedOrigins", "")));
        assertThat(created.statusCode()).isEqualTo(302);
        String clientId = idIn(created);
        String page = "/partner/sandbox/clients/" + clientId;
        String first = member.pages().get(page + "?created").body();
        Matcher secret = Pattern.compile("id=\"client-secret\">(assent_cs_[^<]+)<").matcher(first);
        assertThat(secret.find()).isTrue();
        assertThat(clientService.authenticate(clientId, secret.group(1))).isPresent();
        String reload = member.pages().get(page + "?created").body();
        assertThat(reload).doesNotContain("client-secret").doesNotContain(secret.group(1)).contains(clientId);

        assertThat(member.pages().submit(page, page + "/rotate", Map.of()).statusCode()).isEqualTo(302);
        Matcher rotated = Pattern.compile("id=\"client-secret\">(assent_cs_[^<]+)<").matcher(member.pages().get(page + "?rotated").body());
        assertThat(rotated.find()).isTrue();
        assertThat(rotated.group(1)).isNotEqualTo(secret.group(1));
        assertThat(clientService.authenticate(clientId, rotated.group(1))).isPresent();
        assertThat(clientService.authenticate(clientId, secret.group(1))).as("24 h overlap").isPresent();

        assertThat(member.pages().submit(page, page + "/disable", Map.of()).statusCode()).isEqualTo(302);
        assertThat(clientService.authenticate(clientId, rotated.group(1))).isEmpty();
        assertThat(member.pages().get("/partner/sandbox/clients").body()).contains("Loan backend").contains("disabled");
        assertThat(member.pages().get("/partner/production/clients").body()).doesNotContain("Loan backend");

        HttpResponse<String> invalid = member.pages().submit("/partner/sandbox/clients", "/partner/sandbox/clients", List.of(
                Map.entry("name", "Web app"), Map.entry("type", "public"), Map.entry("scopes", "sessions.create"),
                Map.entry("redirectUris", "http://app.example/callback"), Map.entry("allowedOrigins", "")));
        assertThat(invalid.statusCode()).isEqualTo(400);
        assertThat(invalid.body()).contains("cannot hold the partner scope").contains("must use https").contains("id=\"redirect-error\"");
    }

    @Test
    void formsWithoutTheirCsrfTokenAreRefused() {
        Member member = member();
        HttpResponse<String> forged = member.pages().post("/partner/sandbox/clients", List.of(Map.entry("name", "Forged"),
                Map.entry("type", "confidential"), Map.entry("scopes", "sessions.read")));
        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(clientService.listOf(new Tenant(member.partner().id(), Environment.SANDBOX))).isEmpty();
        assertThat(member.pages().post("/partner/sign-out", List.of()).statusCode()).isEqualTo(403);
    }

    @Test
    void staffOfOnePartnerFindNothingOfAnother() {
        Member a = member();
        Member b = member();
        Tenant tenantA = new Tenant(a.partner().id(), Environment.SANDBOX);
        UUID product = fixtures.publishedProduct(tenantA, DataCategory.PROFILE);
        String client = idIn(a.pages().submit("/partner/sandbox/clients", "/partner/sandbox/clients", List.of(
                Map.entry("name", "A backend"), Map.entry("type", "confidential"), Map.entry("scopes", "sessions.create"))));
        HttpResponse<String> session = a.pages().submit("/partner/sandbox/sessions", "/partner/sandbox/sessions",
                Map.of("productId", product.toString(), "clientId", client, "externalReference", "iso-1", "consumerHint", "",
                        "returnUrl", "https://a.example/done"));
        assertThat(session.statusCode()).isEqualTo(302);
        String sessions = a.pages().get("/partner/sandbox/sessions").body();
        Matcher opportunity = Pattern.compile("/partner/sandbox/opportunities/([0-9a-f-]{36})").matcher(sessions);
        assertThat(opportunity.find()).isTrue();
        String endpoint = idIn(a.pages().submit("/partner/sandbox/webhooks", "/partner/sandbox/webhooks", List.of(
                Map.entry("url", "https://hooks.a.example/assent"), Map.entry("events", "*"))));

        for (String page : List.of("/partner/sandbox/clients/" + client, "/partner/sandbox/products/" + product,
                "/partner/sandbox/opportunities/" + opportunity.group(1), "/partner/sandbox/webhooks/" + endpoint)) {
            assertThat(a.pages().get(page).statusCode()).as("A sees " + page).isEqualTo(200);
            assertThat(b.pages().get(page).statusCode()).as("B asks for " + page).isEqualTo(404);
            String production = page.replace("/sandbox/", "/production/");
            assertThat(a.pages().get(production).statusCode()).as("A in production asks for " + page).isEqualTo(404);
        }
        assertThat(b.pages().submit("/partner/sandbox/clients", "/partner/sandbox/clients/" + client + "/disable", Map.of())
                .statusCode()).isEqualTo(404);
        assertThat(clientService.find(client).orElseThrow().active()).isTrue();
        assertThat(b.pages().submit("/partner/sandbox/products", "/partner/sandbox/products/" + product + "/archive", Map.of())
                .statusCode()).isEqualTo(404);
        assertThat(b.pages().get("/partner/sandbox/sessions").body()).doesNotContain("iso-1");
        assertThat(b.pages().get("/partner/sandbox/opportunities").body()).doesNotContain("iso-1");
        assertThat(a.pages().get("/partner/sandbox/opportunities").body()).contains("iso-1");
        // A test session is for sandbox only.
        assertThat(a.pages().submit("/partner/production/sessions", "/partner/production/sessions",
                Map.of("productId", product.toString(), "clientId", client)).statusCode()).isEqualTo(403);
    }

    @Test
    void publishShowsTheValidationMessagesAndVersionsCompareFieldByField() {
        Member member = member();
        HttpResponse<String> created = member.pages().submit("/partner/sandbox/products", "/partner/sandbox/products",
                Map.of("name", "Car loan", "description", "", "purpose", "", "retentionDays", "30", "metadata", "tier=gold"));
        assertThat(created.statusCode()).isEqualTo(302);
        String page = "/partner/sandbox/products/" + idIn(created);
        HttpResponse<String> refused = member.pages().submit(page, page + "/publish", Map.of());
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("The draft cannot be published.").contains("id=\"purpose-error\"")
                .contains("is required to publish").contains("must name at least one category to publish");

        assertThat(member.pages().submit(page, page, List.of(Map.entry("name", "Car loan"), Map.entry("purpose", "To price your loan."),
                Map.entry("dataCategories", "profile"), Map.entry("retentionDays", "30"), Map.entry("metadata", "tier=gold")))
                .statusCode()).isEqualTo(302);
        assertThat(member.pages().submit(page, page + "/publish", Map.of()).statusCode()).isEqualTo(302);
        HttpResponse<String> badNumber = member.pages().submit(page, page, List.of(Map.entry("name", "Car loan"),
                Map.entry("retentionDays", "thirty")));
        assertThat(badNumber.statusCode()).isEqualTo(400);
        assertThat(badNumber.body()).contains("id=\"retention_days-error\"");
        assertThat(member.pages().submit(page, page, List.of(Map.entry("name", "Car loan plus"), Map.entry("purpose", "To price your loan."),
                Map.entry("dataCategories", "profile"), Map.entry("dataCategories", "addresses"), Map.entry("retentionDays", "60"),
                Map.entry("metadata", "tier=platinum"))).statusCode()).isEqualTo(302);
        assertThat(member.pages().submit(page, page + "/publish", Map.of()).statusCode()).isEqualTo(302);

        String versions = member.pages().get(page + "?from=1&to=2").body();
        assertThat(versions).contains("Changes from v1 to v2");
        String diff = versions.substring(versions.indexOf("id=\"diff\""));
        assertThat(diff).contains("name").contains("Car loan plus").contains("data_categories").contains("profile, addresses")
                .contains("retention_days").contains("metadata.tier").contains("platinum").doesNotContain(">purpose<");
        assertThat(member.pages().get(page + "?from=2&to=2").body()).contains("These versions say the same.");

        assertThat(member.pages().submit(page, page + "/archive", Map.of()).statusCode()).isEqualTo(302);
        assertThat(member.pages().get(page).body()).contains("id=\"lifecycle\">archived<");
    }

    @Test
    void aWebhookSigningSecretIsShownOnceAndRolls() {
        Member member = member();
        HttpResponse<String> invalid = member.pages().submit("/partner/production/webhooks", "/partner/production/webhooks",
                List.of(Map.entry("url", "http://hooks.example/assent"), Map.entry("events", "*")));
        assertThat(invalid.statusCode()).isEqualTo(400);
        assertThat(invalid.body()).contains("https");
        HttpResponse<String> created = member.pages().submit("/partner/sandbox/webhooks", "/partner/sandbox/webhooks",
                List.of(Map.entry("url", "https://hooks.example/assent"), Map.entry("events", "session.granted"),
                        Map.entry("events", "grant.revoked"), Map.entry("description", "CRM")));
        assertThat(created.statusCode()).isEqualTo(302);
        String page = "/partner/sandbox/webhooks/" + idIn(created);
        Pattern secret = Pattern.compile("id=\"signing-secret\">(whsec_[^<]+)<");
        Matcher first = secret.matcher(member.pages().get(page + "?created").body());
        assertThat(first.find()).isTrue();
        String reload = member.pages().get(page).body();
        assertThat(reload).doesNotContain("signing-secret").contains("session.granted, grant.revoked").contains("active");

        assertThat(member.pages().submit(page, page + "/roll-secret", Map.of()).statusCode()).isEqualTo(302);
        Matcher rolled = secret.matcher(member.pages().get(page + "?rolled").body());
        assertThat(rolled.find()).isTrue();
        assertThat(rolled.group(1)).isNotEqualTo(first.group(1));

        assertThat(member.pages().submit(page, page + "/status", Map.of("status", "paused")).statusCode()).isEqualTo(302);
        assertThat(member.pages().get(page).body()).contains(">paused<").contains("Resume");
        assertThat(member.pages().submit(page, page + "/disable", Map.of()).statusCode()).isEqualTo(302);
        HttpResponse<String> afterDisable = member.pages().submit("/partner/sandbox/webhooks", page + "/status", Map.of("status", "active"));
        assertThat(afterDisable.statusCode()).isEqualTo(409);
        assertThat(afterDisable.body()).contains("A disabled endpoint cannot be changed.");
    }
}
