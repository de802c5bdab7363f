package io.assent.cli;

import picocli.CommandLine.Command;

@Command(name = "admin", mixinStandardHelpOptions = true,
        subcommands = {PartnersCommand.class, ClientsCommand.class, UsersCommand.class},
        description = "Administer partners, clients and users.")
class AdminCommand {
}
