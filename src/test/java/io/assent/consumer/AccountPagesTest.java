package io.assent.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.assent.products.DataCategory;
import io.assent.support.ConsentLoop;
import io.assent.support.OAuthFlows;

/** The consumer portal over real HTTP, with a cookie jar as a browser keeps one. */
class AccountPagesTest extends ConsumerApiTest {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    private final CookieManager cookies = new CookieManager();

    private final HttpClient browser = HttpClient.newBuilder().cookieHandler(cookies)
            .followRedirects(HttpClient.Redirect.NEVER).build();

    private HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(root() + path)).GET());
    }

    private HttpResponse<String> post(String path, Map<String, String> form) {
        String body = form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(root() + path))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** Posts the form of the page at {@code pagePath} with its CSRF token. */
    private HttpResponse<String> submit(String pagePath, String action, Map<String, String> fields) {
        Matcher csrf = CSRF.matcher(get(pagePath).body());
        assertThat(csrf.find()).as("the page carries a CSRF token").isTrue();
        Map<String, String> form = new LinkedHashMap<>(fields);
        form.put("_csrf", csrf.group(1));
        return post(action, form);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return browser.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void signIn(String email) {
        HttpResponse<String> signedIn = submit("/account", "/account/sign-in", Map.of("email", email, "password", OAuthFlows.PASSWORD));
        assertThat(signedIn.statusCode()).isEqualTo(302);
        assertThat(get("/account").body()).contains("Your account").contains(email);
    }

    @Test
    void signInEditTheProfileAndSeeTheActivity() {
        var user = oauth().consumer();
        assertThat(get("/account").body()).contains("Sign in to your account");
        HttpResponse<String> wrong = submit("/account", "/account/sign-in", Map.of("email", user.email(), "password", "wrong password"));
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.body()).contains("role=\"alert\"");
        signIn(user.email());

        HttpResponse<String> invalid = submit("/account/profile", "/account/profile",
                Map.of("first_name", "Ada", "last_name", "", "email", user.email(), "phone", "0770 0900"));
        assertThat(invalid.statusCode()).isEqualTo(400);
        assertThat(invalid.body()).contains("id=\"phone-error\"").contains("E.164").contains("aria-invalid=\"true\"");

        HttpResponse<String> saved = submit("/account/profile", "/account/profile",
                Map.of("first_name", "Ada", "last_name", "", "email", user.email(), "phone", "+447700900123"));
        assertThat(saved.statusCode()).isEqualTo(302);
        assertThat(get("/account/profile?saved").body()).contains("Your profile is saved").contains("+447700900123");

        String activity = get("/account/activity").body();
        assertThat(activity).contains("You signed in.").contains("You changed your first name, last name, phone.");
        assertThat(get("/account").headers().firstValue("Content-Security-Policy")).isPresent();

        assertThat(submit("/account", "/account/sign-out", Map.of()).statusCode()).isEqualTo(302);
        assertThat(get("/account").body()).contains("Sign in to your account");
        assertThat(get("/account/activity").statusCode()).isEqualTo(302);
    }

    @Test
    void aFormWithoutItsCsrfTokenIsRefused() {
        var user = oauth().consumer();
        signIn(user.email());
        HttpResponse<String> forged = post("/account/profile", Map.of("first_name", "Mallory", "email", user.email()));
        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(historyTypes(new Me(user, ""))).doesNotContain("profile_updated");
    }

    @Test
    void findTheGrantReadItsAccessLogAndRevokeIt() {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        String session = loop.createSession();
        ConsentLoop.Consumer consumer = loop.consumer();
        loop.consumerCall(consumer, "GET", "/" + session);
        loop.consumerCall(consumer, "POST", "/" + session + "/approve");
        assertThat(loop.data(session).status()).isEqualTo(200);

        signIn(consumer.account().email());
        String grants = get("/account/grants").body();
        assertThat(grants).contains(loop.partner.name()).contains("read 1 times");
        Matcher link = Pattern.compile("href=\"/account/grants/([0-9a-f-]{36})\"").matcher(grants);
        assertThat(link.find()).isTrue();
        String grantPage = "/account/grants/" + link.group(1);
        assertThat(get(grantPage).body()).contains(loop.client.clientId()).contains("Revoke access");

        assertThat(get(grantPage + "/revoke").body()).contains("Revoke access?");
        HttpResponse<String> revoked = submit(grantPage + "/revoke", grantPage + "/revoke", Map.of());
        assertThat(revoked.statusCode()).isEqualTo(302);
        assertThat(get(grantPage + "?revoked").body()).contains("Access revoked.").contains("revoked");
        assertThat(loop.data(session).status()).isEqualTo(404);

        String notifications = get("/account/notifications").body();
        assertThat(notifications).contains("Mark as read");
        assertThat(get("/account/grants/00000000-0000-0000-0000-000000000000").statusCode()).isEqualTo(404);
    }

    @Test
    void eachReceiptOfAGrantIsSummarisedAndOfferedAsADownload() throws Exception {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE, DataCategory.CONTACTS);
        String session = loop.createSession();
        ConsentLoop.Consumer consumer = loop.consumer();
        loop.consumerCall(consumer, "GET", "/" + session);
        loop.consumerCall(consumer, "POST", "/" + session + "/approve");
        loop.consumerCall(consumer, "POST", "/" + session + "/revoke");
        var receipts = api().get("/api/public/v1/sessions/" + session + "/receipts").bearer(loop.token).send().json();

        signIn(consumer.account().email());
        String grantId = jdbc.sql("select id from grants where session_id = :s").param("s", java.util.UUID.fromString(session))
                .query(java.util.UUID.class).single().toString();
        String page = get("/account/grants/" + grantId).body();
        assertThat(page).contains("Receipts").contains("Consent given").contains("Consent withdrawn")
                .contains("You agreed to share your profile, contacts with " + loop.partner.name())
                .contains("You withdrew your consent");
        Matcher download = Pattern.compile("href=\"(/account/grants/" + grantId + "/receipts/([0-9a-f-]{36}))\"").matcher(page);
        assertThat(download.find()).isTrue();
        assertThat(download.group(2)).isEqualTo(receipts.get(0).path("id").asString());
        HttpResponse<String> file = get(download.group(1));
        assertThat(file.statusCode()).isEqualTo(200);
        assertThat(file.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/jwt");
        assertThat(file.headers().firstValue("Content-Disposition").orElseThrow()).contains("attachment")
                .contains("consent-receipt-" + download.group(2) + ".jwt");
        assertThat(file.body()).isEqualTo(receipts.get(0).path("jws").asString());
        assertThat(get("/account/grants/" + grantId + "/receipts/" + java.util.UUID.randomUUID()).statusCode()).isEqualTo(404);

        // another consumer cannot download it
        browserOf(oauth().consumer());
        assertThat(get(download.group(1)).statusCode()).isEqualTo(404);
    }

    private void browserOf(io.assent.identity.UserAccount user) {
        submit("/account", "/account/sign-out", Map.of());
        signIn(user.email());
    }

    @Test
    void contactsAddressesAndDocumentsThroughThePages() {
        var user = oauth().consumer();
        signIn(user.email());
        HttpResponse<String> bad = submit("/account/contacts", "/account/contacts", Map.of("kind", "phone", "value", "12345"));
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("id=\"value-error\"").contains("E.164");
        assertThat(submit("/account/contacts", "/account/contacts",
                Map.of("kind", "phone", "value", "+447700900123", "label", "Mobile", "is_primary", "on")).statusCode()).isEqualTo(302);
        assertThat(get("/account/contacts").body()).contains("+447700900123").contains("Mobile · primary");

        HttpResponse<String> badAddress = submit("/account/addresses", "/account/addresses",
                Map.of("line1", "1 High St", "city", "Leeds", "country", "XX"));
        assertThat(badAddress.body()).contains("id=\"country-error\"");
        assertThat(submit("/account/addresses", "/account/addresses",
                Map.of("line1", "1 High St", "city", "Leeds", "country", "GB")).statusCode()).isEqualTo(302);
        assertThat(get("/account/addresses").body()).contains("1 High St, Leeds GB");

        Matcher csrf = CSRF.matcher(get("/account/documents").body());
        assertThat(csrf.find()).isTrue();
        String boundary = "b" + java.util.UUID.randomUUID();
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n" + csrf.group(1) + "\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"doc_type\"\r\n\r\npassport\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"passport.pdf\"\r\n"
                + "Content-Type: application/pdf\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(DocumentsApiTest.PDF);
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> uploaded = send(HttpRequest.newBuilder(URI.create(root() + "/account/documents"))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())));
        assertThat(uploaded.statusCode()).isEqualTo(302);
        String page = get("/account/documents").body();
        Matcher download = Pattern.compile("href=\"(/account/documents/[0-9a-f-]{36}/download)\"").matcher(page);
        assertThat(download.find()).isTrue();
        HttpResponse<String> redirect = get(download.group(1));
        assertThat(redirect.statusCode()).isEqualTo(302);
        String fileUrl = redirect.headers().firstValue("Location").orElseThrow();
        assertThat(fileUrl).startsWith(root() + "/files/");
        HttpResponse<String> file = send(HttpRequest.newBuilder(URI.create(fileUrl)).GET());
        assertThat(file.statusCode()).isEqualTo(200);
        assertThat(file.body()).startsWith("%PDF-");

        String delete = download.group(1).replace("/download", "/delete");
        assertThat(submit("/account/documents", delete, Map.of()).statusCode()).isEqualTo(302);
        assertThat(get("/account/documents").body()).contains("You have no documents yet.");
        assertThat(send(HttpRequest.newBuilder(URI.create(fileUrl)).GET()).statusCode()).isEqualTo(404);
    }

    @Test
    void contactsAndAddressesAreEditedInPlaceWithTheMessagesNextToTheFields() {
        var user = oauth().consumer();
        signIn(user.email());
        submit("/account/contacts", "/account/contacts", Map.of("kind", "email", "value", "old@example.com", "label", "Work"));
        Matcher edit = Pattern.compile("href=\"(/account/contacts/([0-9a-f-]{36})/edit)\"").matcher(get("/account/contacts").body());
        assertThat(edit.find()).isTrue();
        String contact = "/account/contacts/" + edit.group(2);
        assertThat(get(edit.group(1)).body()).contains("value=\"old@example.com\"").contains("value=\"Work\"");

        HttpResponse<String> refused = submit(edit.group(1), contact, Map.of("value", "not-an-address", "label", "Work"));
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("id=\"value-error\"").contains("value=\"not-an-address\"");
        assertThat(get("/account/contacts").body()).contains("old@example.com");

        assertThat(submit(edit.group(1), contact, Map.of("value", "new@example.com", "label", "")).statusCode()).isEqualTo(302);
        String contacts = get("/account/contacts").body();
        assertThat(contacts).contains("new@example.com").doesNotContain("old@example.com").doesNotContain(">Work<");

        submit("/account/addresses", "/account/addresses", Map.of("line1", "1 High St", "city", "Leeds", "country", "GB"));
        Matcher editAddress = Pattern.compile("href=\"(/account/addresses/([0-9a-f-]{36})/edit)\"").matcher(get("/account/addresses").body());
        assertThat(editAddress.find()).isTrue();
        String address = "/account/addresses/" + editAddress.group(2);
        HttpResponse<String> badCountry = submit(editAddress.group(1), address, Map.of("line1", "1 High St", "city", "Leeds", "country", "ZZ"));
        assertThat(badCountry.statusCode()).isEqualTo(400);
        assertThat(badCountry.body()).contains("id=\"country-error\"");
        assertThat(submit(editAddress.group(1), address, Map.of("line1", "2 Low Rd", "city", "York", "country", "GB")).statusCode())
                .isEqualTo(302);
        assertThat(get("/account/addresses").body()).contains("2 Low Rd, York GB").doesNotContain("1 High St");

        // another consumer's contact is not there for them, whether to look at or to change
        cookies.getCookieStore().removeAll();
        signIn(oauth().consumer().email());
        HttpResponse<String> notTheirs = send(HttpRequest.newBuilder(URI.create(root() + edit.group(1))).header("Accept", "text/html").GET());
        assertThat(notTheirs.statusCode()).isEqualTo(404);
        assertThat(notTheirs.body()).contains("<h1>404");
        assertThat(submit("/account/contacts", contact, Map.of("value", "mine@example.com")).statusCode()).isEqualTo(404);
    }
}
