package io.assent.cli;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import io.assent.partners.Partner;
import io.assent.partners.PartnerService;
import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;

@Command(name = "partners", mixinStandardHelpOptions = true, subcommands = {PartnersCommand.Create.class, PartnersCommand.AddMember.class},
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

    @Command(name = "add-member", mixinStandardHelpOptions = true,
            description = "Let the staff account with this e-mail address run the partner's portal at /partner.")
    static class AddMember implements Callable<Integer> {

        @Option(names = "--partner-id", required = true)
        String partnerId;

        @Option(names = "--email", required = true, description = "The staff member's e-mail address (the account may be created later).")
        String email;

        private final PartnerService partners;
        private final JsonOutput out;

        AddMember(PartnerService partners, JsonOutput out) {
            this.partners = partners;
            this.out = out;
        }

        @Override
        public Integer call() {
            var partner = IdGenerator.parse(partnerId)
                    .orElseThrow(() -> ApiException.invalidRequest("--partner-id must be a partner id, not '" + partnerId + "'."));
            Partner updated = partners.addMember(partner, email);
            return out.print(Map.of("partner_id", updated.id().toString(), "email", email.strip().toLowerCase(Locale.ROOT)));
        }
    }
}
