package io.assent.cli;

import picocli.CommandLine.Command;

@Command(name = "assent", mixinStandardHelpOptions = true, subcommands = AdminCommand.class,
        description = "Assent command line: administration of the configured database.")
class AssentCommand {
}
