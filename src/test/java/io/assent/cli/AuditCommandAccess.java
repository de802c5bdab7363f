package io.assent.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import io.assent.trust.ChainAudit;
import tools.jackson.databind.json.JsonMapper;

/** Runs {@code admin audit verify} for tests of other packages, capturing what it prints on stdout. */
public final class AuditCommandAccess {

    public record Result(int exit, String output) {
    }

    private AuditCommandAccess() {
    }

    public static synchronized Result run(ChainAudit audit, JsonMapper json, Optional<String> consumer) {
        AuditCommand.Verify command = new AuditCommand.Verify(audit, new JsonOutput(json));
        command.consumer = consumer.orElse(null);
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            int exit = command.call();
            return new Result(exit, captured.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(original);
        }
    }
}
