package io.assent.jar;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import io.assent.jar.RunningJar.CommandResult;
import io.assent.support.FreePort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The README's run command on a fresh data directory: the embedded database, demo data printed
 * once, and the admin command line working against the same database while the server runs.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PackagedJarIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    static Path workDir;

    private static RunningJar jar;
    private static Duration startup;
    private static String firstLog;

    @BeforeAll
    static void startOnAFreshDataDirectory() throws Exception {
        jar = new RunningJar(Path.of(System.getProperty("assent.jar", "target/assent.jar")),
                Files.createDirectories(workDir.resolve("data")), FreePort.find());
        startup = jar.start();
        firstLog = jar.log();
    }

    @AfterAll
    static void stop() throws Exception {
        jar.close();
    }

    @Test
    @Order(1)
    void theFirstStartPrintsWorkingDemoCredentials() throws Exception {
        System.out.println("assent.jar ready after " + startup.toMillis() + " ms");
        assertThat(firstLog).contains("Assent demo data");
        String clientId = banner("client_id");
        String secret = banner("client_secret");
        assertThat(banner("Consumer account")).isEqualTo("demo.consumer@example.com");
        assertThat(banner("password")).hasSizeGreaterThanOrEqualTo(12);
        assertThat(firstLog).contains(jar.baseUrl() + "/demo/callback");
        assertThat(basicStatus(clientId, secret)).isEqualTo(404);
        assertThat(basicStatus(clientId, secret + "x")).isEqualTo(401);

        // The demo partner's staff account signs in to the partner portal.
        Matcher staff = Pattern.compile("Partner portal\\s+\\S+\\s.*\\R\\s+e-mail\\s+(\\S+)\\R\\s+password\\s+(\\S+)").matcher(firstLog);
        assertThat(staff.find()).as("the staff sign-in in the banner").isTrue();
        io.assent.support.PageClient pages = new io.assent.support.PageClient(jar.baseUrl().replace("/api/public/v1", ""));
        assertThat(pages.submit("/partner", "/partner/sign-in", Map.of("email", staff.group(1), "password", staff.group(2)))
                .statusCode()).isEqualTo(302);
        assertThat(pages.get("/partner/sandbox/products").body()).contains("Demo Lender").contains("Personal loan pre-approval");
    }

    @Test
    @Order(2)
    void theAdminCommandLineWorksWhileTheServerRuns() throws Exception {
        CommandResult partner = jar.command(null, "admin", "partners", "create", "--name", "Acme Lending",
                "--owner-email", "owner@acme.example");
        assertThat(partner.exitCode()).as(partner.stderr()).isZero();
        String partnerId = json(partner).path("id").asString();

        CommandResult confidential = jar.command(null, "admin", "clients", "create", "--partner-id", partnerId,
                "--name", "Acme backend", "--type", "confidential", "--environment", "sandbox",
                "--scopes", "sessions.create sessions.read partner.products.read");
        assertThat(confidential.exitCode()).as(confidential.stderr()).isZero();
        String clientId = json(confidential).path("client_id").asString();
        String secret = json(confidential).path("client_secret").asString();
        assertThat(basicStatus(clientId, secret)).isEqualTo(404);

        CommandResult publicApp = jar.command(null, "admin", "clients", "create", "--partner-id", partnerId,
                "--name", "Acme app", "--type", "public", "--environment", "production",
                "--scopes", "consumer.profile.read openid", "--redirect-uri", "https://app.acme.example/cb",
                "--redirect-uri", "http://localhost:3000/cb", "--allowed-origin", "https://app.acme.example");
        assertThat(publicApp.exitCode()).as(publicApp.stderr()).isZero();
        assertThat(json(publicApp).has("client_secret")).isFalse();

        CommandResult rotated = jar.command(null, "admin", "clients", "rotate-secret", "--client-id", clientId);
        assertThat(rotated.exitCode()).as(rotated.stderr()).isZero();
        String newSecret = json(rotated).path("client_secret").asString();
        assertThat(newSecret).isNotEqualTo(secret);
        assertThat(basicStatus(clientId, secret)).as("the old secret works for 24 h").isEqualTo(404);
        assertThat(basicStatus(clientId, newSecret)).isEqualTo(404);

        CommandResult member = jar.command(null, "admin", "partners", "add-member", "--partner-id", partnerId,
                "--email", "Sam@Acme.example");
        assertThat(member.exitCode()).as(member.stderr()).isZero();
        assertThat(json(member).path("email").asString()).isEqualTo("sam@acme.example");

        CommandResult user = jar.command("a long enough password\n", "admin", "users", "create",
                "--email", "casey@example.com", "--account-type", "consumer", "--first-name", "Casey");
        assertThat(user.exitCode()).as(user.stderr()).isZero();
        assertThat(json(user).path("user_id").asString()).hasSize(36);
        assertThat(user.stdout()).doesNotContain("a long enough password");
    }

    @Test
    @Order(3)
    void theCommandLineRejectsBadInputClearly() throws Exception {
        String partnerId = json(jar.command(null, "admin", "partners", "create", "--name", "P",
                "--owner-email", "p@p.example")).path("id").asString();
        List<List<String>> bad = List.of(
                List.of("admin", "partners", "create", "--name", "X", "--owner-email", "not-an-email"),
                List.of("admin", "clients", "create", "--partner-id", "01a20577-6b08-7e36-99d7-a2733dd57000", "--name", "C",
                        "--type", "confidential", "--environment", "sandbox", "--scopes", "sessions.read"),
                List.of("admin", "clients", "create", "--partner-id", partnerId, "--name", "C",
                        "--type", "confidential", "--environment", "sandbox", "--scopes", "sessions.read made.up"),
                List.of("admin", "clients", "create", "--partner-id", partnerId, "--name", "C",
                        "--type", "confidential", "--environment", "staging", "--scopes", "sessions.read"),
                List.of("admin", "clients", "rotate-secret", "--client-id", "nope"),
                List.of("admin", "users", "create", "--email", "short@example.com", "--account-type", "consumer"),
                List.of("admin", "partners", "add-member", "--partner-id", partnerId, "--email", "not-an-email"),
                List.of("admin", "partners", "add-member", "--partner-id", "01a20577-6b08-7e36-99d7-a2733dd57000", "--email", "s@p.example"));
        List<String> expected = List.of("owner_email", "No partner", "made.up", "sandbox or production", "No such client",
                "password", "email", "No partner");
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<CommandResult>> results = bad.stream()
                    .map(args -> pool.submit(() -> jar.command("short\n", args.toArray(String[]::new)))).toList();
            for (int i = 0; i < bad.size(); i++) {
                CommandResult result = results.get(i).get();
                assertThat(result.exitCode()).as(String.join(" ", bad.get(i))).isNotZero();
                assertThat(result.stdout()).isEmpty();
                assertThat(result.stderr()).contains("error:").contains(expected.get(i));
                assertThat(result.stderr()).doesNotContain("Exception").doesNotContain("\tat ");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @Order(4)
    void demoDataIsCreatedOnlyOnce() throws Exception {
        jar.stop();
        jar.start();
        String secondLog = jar.log();
        assertThat(secondLog).doesNotContain("Assent demo data");
        assertThat(basicStatus(banner("client_id"), banner("client_secret"))).isEqualTo(404);
    }

    @Test
    @Order(5)
    void logsHoldNoSecrets() throws Exception {
        String log = jar.log();
        assertThat(log).doesNotContain(banner("client_secret"));
        assertThat(log).doesNotContainIgnoringCase("password_hash");
    }

    @Test
    @Order(6)
    void aKeyRotatedFromTheCommandLineIsPublishedByTheRunningServer() throws Exception {
        List<String> before = jwksKids();
        assertThat(before).hasSize(1);
        Path masterKey = workDir.resolve("data").resolve("master.key");
        assertThat(masterKey).as("generated on first use").exists();

        CommandResult rotated = jar.command(null, "admin", "keys", "rotate");
        assertThat(rotated.exitCode()).as(rotated.stderr()).isZero();
        String kid = json(rotated).path("kid").asString();
        assertThat(kid).isNotBlank().isNotEqualTo(before.get(0));
        assertThat(json(rotated).path("retired").asString()).isEqualTo(before.get(0));

        // The server re-reads its keys every 30 seconds.
        Instant deadline = Instant.now().plusSeconds(45);
        List<String> after = jwksKids();
        while (!after.contains(kid) && Instant.now().isBefore(deadline)) {
            Thread.sleep(500);
            after = jwksKids();
        }
        assertThat(after).as("the new key first, the retired one still published").containsExactly(kid, before.get(0));

        String key = Files.readString(masterKey).strip();
        assertThat(jar.log()).doesNotContain(key);
        assertThat(rotated.stdout() + rotated.stderr()).doesNotContain(key);
    }

    @Test
    @Order(7)
    void theDemoCredentialsWorkWithTheAuthorizationServer() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String basic = Base64.getEncoder().encodeToString((banner("client_id") + ":" + banner("client_secret"))
                .getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> token = http.send(HttpRequest.newBuilder(URI.create(jar.baseUrl() + "/api/public/v1/oauth/token"))
                .header("Authorization", "Basic " + basic).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(token.statusCode()).as(token.body()).isEqualTo(200);
        String accessToken = JSON.readTree(token.body()).path("access_token").asString();
        HttpResponse<String> me = http.send(HttpRequest.newBuilder(URI.create(jar.baseUrl() + "/api/public/v1/me"))
                .header("Authorization", "Bearer " + accessToken).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(me.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(me.body()).path("client_id").asString()).isEqualTo(banner("client_id"));

        HttpResponse<String> login = http.send(HttpRequest.newBuilder(URI.create(jar.baseUrl() + "/idp/login"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"email\":\"demo.consumer@example.com\",\"password\":\""
                        + banner("password") + "\"}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(login.statusCode()).as(login.body()).isEqualTo(200);
    }

    @Test
    @Order(8)
    void theAuditPassesOnAFreshInstallationAndReceiptsVerifyWithoutADatabase() throws Exception {
        CommandResult audit = jar.command(null, "admin", "audit", "verify");
        assertThat(audit.exitCode()).as(audit.stderr()).isZero();
        assertThat(json(audit).path("intact").asBoolean()).isTrue();
        assertThat(json(audit).path("broken").size()).isZero();

        Path notAReceipt = Files.writeString(workDir.resolve("not-a-receipt.jwt"), "abc.def");
        CommandResult refused = jar.command(null, "receipts", "verify", notAReceipt.toString(),
                "--jwks", jar.baseUrl() + "/api/public/v1/oauth/jwks");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stderr()).contains("receipt rejected");
    }

    private static List<String> jwksKids() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(jar.baseUrl() + "/api/public/v1/oauth/jwks")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        List<String> kids = new java.util.ArrayList<>();
        JSON.readTree(response.body()).path("keys").forEach(key -> kids.add(key.path("kid").asString()));
        return kids;
    }

    private static String banner(String label) {
        Matcher matcher = Pattern.compile(Pattern.quote(label) + "\\s+(\\S+)").matcher(firstLog);
        assertThat(matcher.find()).as("banner line " + label).isTrue();
        return matcher.group(1);
    }

    private static JsonNode json(CommandResult result) {
        return JSON.readTree(result.stdout());
    }

    private static int basicStatus(String clientId, String secret) throws Exception {
        String credentials = Base64.getEncoder().encodeToString((clientId + ":" + secret).getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(URI.create(jar.baseUrl() + "/api/public/v1/sessions/not-a-session"))
                .header("Authorization", "Basic " + credentials).build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
