package io.assent.cli;

import picocli.CommandLine.Command;

@Command(name = "admin", mixinStandardHelpOptions = true,
        subcommands = {PartnersCommand.class, ClientsCommand.class, UsersCommand.class, KeysCommand.class, AuditCommand.class},
        description = "Administer partners, clients, users and signing keys; audit the consumers' records.")
class AdminCommand {
}
