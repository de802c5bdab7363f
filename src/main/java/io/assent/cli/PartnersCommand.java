package io.assent.cli;

import java.util.Map;
import java.util.concurrent.Callable;

import io.assent.partners.Partner;
import io.assent.partners.PartnerService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "partners", mixinStandardHelpOptions = true, subcommands = PartnersCommand.Create.class,
        description = "Manage partners.")
class PartnersCommand {

    @Command(name = "create", mixinStandardHelpOptions = true, description = "Create a partner; prints {\"id\":...}.")
    static class Create implements Callable<Integer> {

        @Option(names = "--name", required = true, description = "The partner's name.")
        String name;

        @Option(names = "--owner-email", required = true, description = "Who is told about failing webhooks.")
        String ownerEmail;

        private final PartnerService partners;
        private final JsonOutput out;

        Create(PartnerService partners, JsonOutput out) {
            this.partners = partners;
            this.out = out;
        }

        @Override
        public Integer call() {
            Partner partner = partners.create(name, ownerEmail);
            return out.print(Map.of("id", partner.id().toString()));
        }
    }
}
