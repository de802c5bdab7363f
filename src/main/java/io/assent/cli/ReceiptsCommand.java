package io.assent.cli;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.Optional;
import java.util.concurrent.Callable;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jwt.JWTClaimsSet;

import io.assent.trust.ReceiptVerifier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code assent receipts verify FILE [--jwks URL_OR_FILE] [--issuer URL]}: checks a consent receipt
 * (D20) offline, with no database and no configuration, and prints its claims as JSON.
 */
@Command(name = "receipts", mixinStandardHelpOptions = true, subcommands = ReceiptsCommand.Verify.class,
        description = "Consent receipts: verify one anywhere, without the service's database.")
class ReceiptsCommand {

    private static final int TIMEOUT_MILLIS = 10_000;
    private static final int JWKS_SIZE_LIMIT = 512 * 1024;

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = "Verify a consent receipt's signature, type and issuer and print its claims as JSON; "
                    + "exit 1 with the reason when it does not verify.")
    static class Verify implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "The receipt: a file holding the compact JWS.")
        Path file;

        @Option(names = "--jwks", paramLabel = "URL_OR_FILE",
                description = "The JWK Set to verify with: an http(s) URL or a file (an exported set). "
                        + "Default: <iss>/oauth/jwks of the receipt's issuer.")
        String jwks;

        @Option(names = "--issuer", paramLabel = "URL",
                description = "The issuer the receipt must name. Default: the issuer whose /oauth/jwks is used.")
        String issuer;

        @Override
        public Integer call() {
            String receipt;
            try {
                receipt = Files.readString(file, StandardCharsets.US_ASCII).strip();
            } catch (IOException e) {
                return fail("cannot read " + file + ": " + e.getMessage());
            }
            Optional<String> expectedIssuer = Optional.ofNullable(issuer);
            String keySource = jwks;
            if (keySource == null) {
                Optional<String> claimed = ReceiptVerifier.claimedIssuer(receipt);
                if (claimed.isEmpty()) {
                    return fail("receipt rejected: not a compact JWS with an issuer");
                }
                keySource = claimed.get() + "/oauth/jwks";
                expectedIssuer = expectedIssuer.or(() -> claimed);
            } else if (isUrl(keySource) && keySource.endsWith("/oauth/jwks")) {
                String jwksIssuer = keySource.substring(0, keySource.length() - "/oauth/jwks".length());
                expectedIssuer = expectedIssuer.or(() -> Optional.of(jwksIssuer));
            }
            JWKSet keys;
            try {
                keys = load(keySource);
            } catch (IOException | ParseException | URISyntaxException | IllegalArgumentException e) {
                return fail("cannot load the key set " + keySource + ": " + e.getMessage());
            }
            try {
                JWTClaimsSet claims = ReceiptVerifier.verify(receipt, keys, expectedIssuer);
                spec.commandLine().getOut().println(JSONObjectUtils.toJSONString(claims.toJSONObject()));
                spec.commandLine().getOut().flush();
                return 0;
            } catch (ReceiptVerifier.Rejected rejected) {
                return fail("receipt rejected: " + rejected.getMessage());
            }
        }

        private int fail(String message) {
            spec.commandLine().getErr().println("error: " + message);
            spec.commandLine().getErr().flush();
            return 1;
        }

        private static boolean isUrl(String source) {
            return source.startsWith("https://") || source.startsWith("http://");
        }

        private static JWKSet load(String source) throws IOException, ParseException, URISyntaxException {
            if (isUrl(source)) {
                URL url = new URI(source).toURL();
                return JWKSet.load(url, TIMEOUT_MILLIS, TIMEOUT_MILLIS, JWKS_SIZE_LIMIT);
            }
            return JWKSet.load(Path.of(source).toFile());
        }
    }
}
