package io.assent.partners;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import io.assent.platform.error.ApiException;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import io.assent.support.ApiTest;

/** Client secrets: stored hashed, shown once, rotated with a 24-hour overlap. */
class ClientAuthenticationTest extends ApiTest {

    @Autowired
    private ClientService clients;

    @Autowired
    private org.springframework.jdbc.core.simple.JdbcClient jdbc;

    @Test
    void theSecretIsStoredOnlyAsADigest() {
        ClientCredentials created = fixtures.partnerClient();
        String secret = created.clientSecret().orElseThrow();
        assertThat(secret).startsWith("assent_cs_").hasSizeGreaterThan(40);
        var stored = jdbc.sql("select secret_hash from client_secrets where client_id = :id")
                .param("id", java.util.UUID.fromString(created.clientId())).query(String.class).list();
        assertThat(stored).hasSize(1).allSatisfy(digest -> assertThat(digest).doesNotContain(secret).hasSize(64));
        assertThat(clients.authenticate(created.clientId(), secret)).isPresent();
        assertThat(clients.authenticate(created.clientId(), secret + "x")).isEmpty();
        assertThat(clients.authenticate("no-such-client", secret)).isEmpty();
    }

    @Test
    void aRotatedSecretKeepsWorkingFor24Hours() {
        ClientCredentials created = fixtures.partnerClient();
        String old = created.clientSecret().orElseThrow();
        String fresh = clients.rotateSecret(created.clientId()).clientSecret().orElseThrow();
        assertThat(fresh).isNotEqualTo(old);
        assertThat(clients.authenticate(created.clientId(), old)).isPresent();
        assertThat(clients.authenticate(created.clientId(), fresh)).isPresent();

        clock.advance(Duration.ofHours(24).minusSeconds(5));
        assertThat(clients.authenticate(created.clientId(), old)).isPresent();
        clock.advance(Duration.ofSeconds(10));
        assertThat(clients.authenticate(created.clientId(), old)).isEmpty();
        assertThat(clients.authenticate(created.clientId(), fresh)).isPresent();
        assertThat(basicStatus(created.clientId(), old)).isEqualTo(401);
        assertThat(basicStatus(created.clientId(), fresh)).isEqualTo(404);
    }

    @Test
    void publicClientsHaveNoSecretAndCannotUseBasic() {
        Partner partner = fixtures.partner();
        ClientCredentials app = clients.create(new NewClient(java.util.Optional.of(partner.id()), "App", ClientType.PUBLIC,
                Environment.SANDBOX, java.util.Set.of("consumer.profile.read"), java.util.List.of("https://app.example/cb"),
                java.util.List.of("https://app.example")));
        assertThat(app.clientSecret()).isEmpty();
        assertThat(clients.authenticate(app.clientId(), "")).isEmpty();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> clients.rotateSecret(app.clientId()))
                .isInstanceOf(ApiException.class);
    }

    @Test
    void registrationRejectsWhatCannotWork() {
        Partner partner = fixtures.partner();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> clients.create(new NewClient(java.util.Optional.of(partner.id()),
                        "App", ClientType.PUBLIC, Environment.SANDBOX, java.util.Set.of("sessions.create", "nonsense"),
                        java.util.List.of("http://evil.example/cb", "not a uri"), java.util.List.of("https://app.example/path"))))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo("validation_failed");
                    assertThat(e.details()).extracting(d -> d.field())
                            .contains("scopes", "redirect_uris", "allowed_origins");
                });
        assertThat(Scopes.all()).contains("sessions.create", "consumer.profile.read", "openid");
    }

    private int basicStatus(String clientId, String secret) {
        return api().get("/api/public/v1/sessions/nothing").basic(clientId, secret).unvalidated().send().status();
    }
}
