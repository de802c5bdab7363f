package io.assent.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import io.assent.identity.AccountType;
import io.assent.identity.IdentityService;
import io.assent.identity.NewUser;
import io.assent.identity.UserAccount;
import io.assent.platform.error.ApiException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "users", mixinStandardHelpOptions = true, subcommands = {UsersCommand.Create.class, UsersCommand.Disable.class},
        description = "Manage user accounts of the built-in identity provider.")
class UsersCommand {

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "Create an account; the password is read from standard input (never from an argument).")
    static class Create implements Callable<Integer> {

        @Option(names = "--email", required = true)
        String email;

        @Option(names = "--account-type", required = true, description = "consumer or staff.")
        String accountType;

        @Option(names = "--first-name")
        String firstName;

        @Option(names = "--last-name")
        String lastName;

        private final IdentityService identity;
        private final JsonOutput out;

        Create(IdentityService identity, JsonOutput out) {
            this.identity = identity;
            this.out = out;
        }

        @Override
        public Integer call() throws IOException {
            AccountType type = AccountType.fromWire(accountType)
                    .orElseThrow(() -> ApiException.invalidRequest("--account-type must be consumer or staff, not '" + accountType + "'."));
            String password = new String(System.in.readAllBytes(), StandardCharsets.UTF_8).strip();
            UserAccount user = identity.create(new NewUser(email, password, type,
                    Optional.ofNullable(firstName), Optional.ofNullable(lastName)));
            return out.print(Map.of("user_id", user.id().toString()));
        }
    }

    @Command(name = "disable", mixinStandardHelpOptions = true,
            description = "Disable an account: it can no longer sign in, and its access tokens stop working within seconds.")
    static class Disable implements Callable<Integer> {

        @Option(names = "--email", required = true)
        String email;

        private final IdentityService identity;
        private final JsonOutput out;

        Disable(IdentityService identity, JsonOutput out) {
            this.identity = identity;
            this.out = out;
        }

        @Override
        public Integer call() {
            UserAccount user = identity.disable(email);
            return out.print(Map.of("user_id", user.id().toString(), "status", user.active() ? "active" : "disabled"));
        }
    }
}
