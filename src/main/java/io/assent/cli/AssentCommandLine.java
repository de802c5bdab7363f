package io.assent.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Set;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import picocli.CommandLine;

import io.assent.AssentApplication;
import io.assent.platform.error.ApiException;

/**
 * Runs the command-line side of the jar: {@code java -jar assent.jar admin ...} against the
 * configured database (the same services as the server, in a context without a web server,
 * scheduler or demo data), and {@code receipts ...} on its own, with no database or configuration.
 * Results go to stdout as JSON; problems go to stderr with a non-zero exit.
 */
public final class AssentCommandLine {

    private static final Set<String> COMMANDS = Set.of("admin", "receipts");
    /** Commands that need no database or configuration: they run without the application context. */
    private static final String OFFLINE = "receipts";

    private AssentCommandLine() {
    }

    public static boolean handles(String[] args) {
        return args.length > 0 && COMMANDS.contains(args[0]);
    }

    public static int run(String[] args) {
        if (OFFLINE.equals(args[0])) {
            return runOffline(args);
        }
        ConfigurableApplicationContext context;
        try {
            context = new SpringApplicationBuilder(AssentApplication.class)
                    .web(WebApplicationType.NONE)
                    .logStartupInfo(false)
                    .properties("logging.threshold.console=OFF", "spring.main.banner-mode=off")
                    .run();
        } catch (RuntimeException startFailure) {
            System.err.println("error: cannot open the database or configuration: " + rootMessage(startFailure));
            return 1;
        }
        try (context) {
            CommandLine commandLine = new CommandLine(new AssentCommand(), new SpringCommandFactory(context));
            commandLine.setErr(new PrintWriter(System.err, true));
            commandLine.setExecutionExceptionHandler((failure, line, parsed) -> {
                if (failure instanceof ApiException api) {
                    line.getErr().println("error: " + api.getMessage());
                    api.details().forEach(d -> line.getErr().println("  " + d.field() + ": " + d.message()));
                } else {
                    line.getErr().println("error: " + failure.getClass().getSimpleName() + ": " + failure.getMessage());
                }
                return 1;
            });
            return commandLine.execute(args);
        }
    }

    /** {@code receipts ...}: anyone holding the jar verifies a receipt, with no database or settings. */
    static int runOffline(String[] args) {
        CommandLine commandLine = new CommandLine(new ReceiptsCommand());
        commandLine.setOut(new PrintWriter(System.out, true));
        commandLine.setErr(new PrintWriter(System.err, true));
        return commandLine.execute(Arrays.copyOfRange(args, 1, args.length));
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage();
    }
}
