package io.assent.support;

import org.junit.jupiter.api.AfterEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the HTTP tests: the whole service on a random port over a real database, a clock the
 * test can move, and an {@link ApiClient} that checks every answer against the OpenAPI document.
 * All subclasses share one application context, so the suite starts the service once.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT, properties = "assent.demo=false")
@Import(TestSupportConfiguration.class)
public abstract class ApiTest {

    public static final String TEST_MASTER_KEY = java.util.Base64.getEncoder()
            .encodeToString("assent-test-master-key-32-bytes!".getBytes(java.nio.charset.StandardCharsets.US_ASCII));

    @LocalServerPort
    protected int port;

    @Autowired
    protected MutableClock clock;

    @Autowired
    protected Fixtures fixtures;

    /**
     * The port is chosen before the server starts (once per application context), so that the
     * public URL, and with it the issuer, names the real port.
     */
    @DynamicPropertySource
    static void server(DynamicPropertyRegistry registry) {
        int port = FreePort.find();
        TestDatabase.register(registry, "assent-api-tests");
        registry.add("server.port", () -> port);
        registry.add("assent.public-url", () -> "http://localhost:" + port);
        // Given, so that the tests never write a master.key into the working directory; fixed, so that
        // a test database kept between runs still opens its signing keys.
        registry.add("assent.master-key", () -> TEST_MASTER_KEY);
        // Webhook tests drive the dispatcher by hand, with a moved clock; e-mails go to a GreenMail server.
        registry.add("assent.webhooks.dispatcher-enabled", () -> "false");
        registry.add("assent.smtp.host", () -> "127.0.0.1");
        registry.add("assent.smtp.port", TestMailServer::port);
        registry.add("assent.smtp.tls", () -> "none");
        registry.add("assent.smtp.from", () -> "assent@test.example");
    }

    @Autowired
    protected io.assent.partners.ClientService clientService;

    protected ApiClient api() {
        return new ApiClient(root());
    }

    protected String root() {
        return "http://localhost:" + port;
    }

    /** A client_credentials access token of the client, with all its partner scopes. */
    protected String tokenFor(io.assent.partners.ClientCredentials client) {
        try {
            return oauth().clientCredentials(client, null).getTokens().getAccessToken().getValue();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    protected OAuthFlows oauth() {
        return new OAuthFlows(root(), fixtures, clientService);
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }
}
