package io.assent.jar;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged jar run as a separate process, the way the README runs it: the server on a port of
 * its own, or one command of the command line with its exit code, stdout and stderr.
 */
final class RunningJar implements AutoCloseable {

    record CommandResult(int exitCode, String stdout, String stderr) {
    }

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    private final Path jar;
    private final Path dataDir;
    private final int port;
    private final Map<String, String> settings = new java.util.HashMap<>();
    private Process server;
    private Path serverLog;

    RunningJar(Path jar, Path dataDir, int port) {
        this.jar = jar;
        this.dataDir = dataDir;
        this.port = port;
    }

    /** An extra environment variable for the server and commands started from now on. */
    RunningJar with(String name, String value) {
        settings.put(name, value);
        return this;
    }

    /** Kills the server the hard way ({@code kill -9}): no shutdown hook, no graceful stop. */
    void kill9() throws IOException, InterruptedException {
        if (server != null) {
            new ProcessBuilder("kill", "-9", Long.toString(server.pid())).inheritIO().start().waitFor();
            server.waitFor();
            server = null;
        }
    }

    String baseUrl() {
        return "http://localhost:" + port;
    }

    /** Starts the server and waits until health answers; returns how long that took. */
    Duration start() throws IOException, InterruptedException {
        serverLog = Files.createTempFile(dataDir.getParent(), "server", ".log");
        // each start has its own log, so log() tells about this run
        ProcessBuilder builder = new ProcessBuilder(JAVA, "-jar", jar.toString(), "--server.port=" + port)
                .redirectErrorStream(true)
                .redirectOutput(serverLog.toFile());
        environment(builder);
        Instant started = Instant.now();
        server = builder.start();
        HttpClient http = HttpClient.newHttpClient();
        while (Duration.between(started, Instant.now()).toSeconds() < 90) {
            if (!server.isAlive()) {
                throw new IllegalStateException("the server exited:\n" + log());
            }
            try {
                HttpResponse<String> health = http.send(HttpRequest.newBuilder(
                        URI.create(baseUrl() + "/api/public/v1/health")).build(), HttpResponse.BodyHandlers.ofString());
                if (health.statusCode() == 200) {
                    return Duration.between(started, Instant.now());
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the server did not become healthy:\n" + log());
    }

    String log() throws IOException {
        return Files.readString(serverLog, StandardCharsets.UTF_8);
    }

    void stop() throws InterruptedException {
        if (server != null) {
            server.destroy();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor();
            }
            server = null;
        }
    }

    CommandResult command(String stdin, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(JAVA, "-jar", jar.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        environment(builder);
        Path out = Files.createTempFile(dataDir.getParent(), "cli", ".out");
        Path err = Files.createTempFile(dataDir.getParent(), "cli", ".err");
        builder.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process process = builder.start();
        try (var in = process.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        }
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("command did not finish: " + command);
        }
        return new CommandResult(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private void environment(ProcessBuilder builder) {
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("ASSENT_"));
        env.put("ASSENT_DATA_DIR", dataDir.toString());
        env.put("ASSENT_PUBLIC_URL", baseUrl());
        env.putAll(settings);
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
