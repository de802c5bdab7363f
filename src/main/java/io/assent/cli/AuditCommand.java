package io.assent.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;

import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.trust.ChainAudit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "audit", mixinStandardHelpOptions = true, subcommands = AuditCommand.Verify.class,
        description = "Check the consumers' tamper-evident records.")
class AuditCommand {

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = "Recompute every consumer's hash chain (or one consumer's) from the stored history and "
                    + "grant accesses; print a JSON report naming the first broken entry of each broken chain; "
                    + "exit 1 when any chain is broken.")
    static class Verify implements Callable<Integer> {

        private final ChainAudit audit;
        private final JsonOutput out;

        @Option(names = "--consumer", paramLabel = "ID", description = "Only this consumer's chain.")
        String consumer;

        Verify(ChainAudit audit, JsonOutput out) {
            this.audit = audit;
            this.out = out;
        }

        @Override
        public Integer call() {
            Optional<UUID> only = Optional.ofNullable(consumer).map(id -> IdGenerator.parse(id)
                    .orElseThrow(() -> ApiException.invalidRequest("--consumer must be a consumer id.")));
            ChainAudit.Report report = audit.verify(only);
            out.print(json(report));
            return report.intact() ? 0 : 1;
        }

        static Map<String, Object> json(ChainAudit.Report report) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("intact", report.intact());
            json.put("chains_checked", report.chainsChecked());
            json.put("entries", report.entries());
            List<Map<String, Object>> broken = report.broken().stream().map(chain -> {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("consumer_id", chain.consumerId().toString());
                item.put("entries", chain.entries());
                chain.firstBreak().ifPresent(first -> {
                    Map<String, Object> at = new LinkedHashMap<>();
                    at.put("seq", first.seq());
                    at.put("kind", first.kind().orElse(null));
                    at.put("entry_id", first.entryId().map(UUID::toString).orElse(null));
                    at.put("problem", first.problem());
                    item.put("first_broken_entry", at);
                });
                return item;
            }).toList();
            json.put("broken", broken);
            return json;
        }
    }
}
