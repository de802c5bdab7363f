package io.assent.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

import io.assent.oauth.keys.KeyRotation;
import io.assent.oauth.keys.SigningKeyService;
import picocli.CommandLine.Command;

@Command(name = "keys", mixinStandardHelpOptions = true, subcommands = KeysCommand.Rotate.class,
        description = "Manage the signing keys of the authorization server.")
class KeysCommand {

    @Command(name = "rotate", mixinStandardHelpOptions = true,
            description = "Make a new signing key current and retire the current one; tokens it signed keep "
                    + "verifying for assent.keys.retired-key-retention. Prints {\"kid\":...,\"retired\":...}.")
    static class Rotate implements Callable<Integer> {

        private final SigningKeyService keys;
        private final JsonOutput out;

        Rotate(SigningKeyService keys, JsonOutput out) {
            this.keys = keys;
            this.out = out;
        }

        @Override
        public Integer call() {
            KeyRotation rotation = keys.rotateAndReport();
            Map<String, String> json = new LinkedHashMap<>();
            json.put("kid", rotation.current().kid());
            json.put("retired", rotation.retiredKid().orElse(null));
            return out.print(json);
        }
    }
}
