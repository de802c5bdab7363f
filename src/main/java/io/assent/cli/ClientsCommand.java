package io.assent.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import io.assent.partners.ClientCredentials;
import io.assent.partners.ClientService;
import io.assent.partners.ClientType;
import io.assent.partners.NewClient;
import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "clients", mixinStandardHelpOptions = true,
        subcommands = {ClientsCommand.Create.class, ClientsCommand.RotateSecret.class},
        description = "Manage OAuth clients.")
class ClientsCommand {

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "Register a client; prints its client_id and, for confidential clients, its secret (shown this once).")
    static class Create implements Callable<Integer> {

        @Option(names = "--partner-id", required = true, description = "The partner that owns the client.")
        String partnerId;

        @Option(names = "--name", required = true, description = "Shown to consumers on the consent screen.")
        String name;

        @Option(names = "--type", required = true, description = "confidential or public.")
        String type;

        @Option(names = "--environment", required = true, description = "sandbox or production.")
        String environment;

        @Option(names = "--scopes", required = true, description = "Space-delimited scopes the client may hold.")
        String scopes;

        @Option(names = "--redirect-uri", description = "An exact redirect URI (repeatable).")
        List<String> redirectUris = new ArrayList<>();

        @Option(names = "--allowed-origin", description = "An Origin allowed to create embed sessions (repeatable).")
        List<String> allowedOrigins = new ArrayList<>();

        private final ClientService clients;
        private final JsonOutput out;

        Create(ClientService clients, JsonOutput out) {
            this.clients = clients;
            this.out = out;
        }

        @Override
        public Integer call() {
            ClientType clientType = ClientType.fromWire(type)
                    .orElseThrow(() -> ApiException.invalidRequest("--type must be confidential or public, not '" + type + "'."));
            Environment env = Environment.fromWire(environment)
                    .orElseThrow(() -> ApiException.invalidRequest("--environment must be sandbox or production, not '" + environment + "'."));
            var partner = IdGenerator.parse(partnerId)
                    .orElseThrow(() -> ApiException.invalidRequest("--partner-id must be a partner id, not '" + partnerId + "'."));
            ClientCredentials credentials = clients.create(new NewClient(Optional.of(partner), name, clientType, env,
                    Scopes.parse(scopes), redirectUris, allowedOrigins));
            return out.print(credentialsJson(credentials));
        }
    }

    @Command(name = "rotate-secret", mixinStandardHelpOptions = true,
            description = "Issue a new secret; the previous one keeps working for 24 hours.")
    static class RotateSecret implements Callable<Integer> {

        @Option(names = "--client-id", required = true)
        String clientId;

        private final ClientService clients;
        private final JsonOutput out;

        RotateSecret(ClientService clients, JsonOutput out) {
            this.clients = clients;
            this.out = out;
        }

        @Override
        public Integer call() {
            return out.print(credentialsJson(clients.rotateSecret(clientId)));
        }
    }

    static Map<String, String> credentialsJson(ClientCredentials credentials) {
        Map<String, String> json = new LinkedHashMap<>();
        json.put("client_id", credentials.clientId());
        credentials.clientSecret().ifPresent(secret -> json.put("client_secret", secret));
        return json;
    }
}
