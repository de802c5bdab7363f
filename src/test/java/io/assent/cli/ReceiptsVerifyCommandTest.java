package io.assent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;

import com.nimbusds.jose.jwk.JWKSet;

import io.assent.oauth.keys.SigningKeyService;
import io.assent.products.DataCategory;
import io.assent.support.ApiTest;
import io.assent.support.ConsentLoop;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code receipts verify FILE [--jwks URL_OR_FILE]}: what a consumer or partner runs, with no database. */
class ReceiptsVerifyCommandTest extends ApiTest {

    @TempDir
    Path dir;

    @Autowired
    private SigningKeyService keys;

    @Autowired
    private JsonMapper json;

    record Run(int exit, String out, String err) {
    }

    private Run verify(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine line = new CommandLine(new ReceiptsCommand());
        line.setOut(new PrintWriter(out));
        line.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 1];
        all[0] = "verify";
        System.arraycopy(args, 0, all, 1, args.length);
        return new Run(line.execute(all), out.toString(), err.toString());
    }

    private String issuer() {
        return root() + "/api/public/v1";
    }

    private String receipt() {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        String session = loop.createSession();
        ConsentLoop.Consumer consumer = loop.consumer();
        loop.consumerCall(consumer, "GET", "/" + session);
        assertThat(loop.consumerCall(consumer, "POST", "/" + session + "/approve").status()).isEqualTo(200);
        JsonNode receipts = api().get("/api/public/v1/sessions/" + session + "/receipts").bearer(loop.token).send().json();
        return receipts.get(0).path("jws").asString();
    }

    private Path file(String name, String content) throws Exception {
        return Files.writeString(dir.resolve(name), content);
    }

    @Test
    void verifiesWithTheIssuersKeysOrAGivenSetAndPrintsTheClaims() throws Exception {
        String jws = receipt();
        Path receipt = file("receipt.jwt", jws + "\n");

        Run byIssuer = verify(receipt.toString());
        assertThat(byIssuer.exit()).as(byIssuer.err()).isZero();
        JsonNode claims = json.readTree(byIssuer.out());
        assertThat(claims.path("receipt_type").asString()).isEqualTo("granted");
        assertThat(claims.path("iss").asString()).isEqualTo(issuer());
        assertThat(claims.path("product").path("data_categories").get(0).asString()).isEqualTo("profile");

        assertThat(verify(receipt.toString(), "--jwks", issuer() + "/oauth/jwks").exit()).isZero();
        Path exported = file("jwks.json", JWKSet.load(URI.create(issuer() + "/oauth/jwks").toURL()).toString(true));
        assertThat(verify(receipt.toString(), "--jwks", exported.toString()).exit()).isZero();
        assertThat(verify(receipt.toString(), "--jwks", exported.toString(), "--issuer", issuer()).exit()).isZero();

        // after rotations, and long after the retired-key retention, the issuer's set still verifies it
        KeysCommand.Rotate rotate = new KeysCommand.Rotate(keys, new JsonOutput(json));
        assertThat(rotate.call()).isZero();
        clock.advance(Duration.ofDays(30));
        assertThat(rotate.call()).isZero();
        assertThat(verify(receipt.toString()).exit()).isZero();
    }

    @Test
    void refusesAChangedByteAnUnknownKeyAWrongTypeOrIssuerWithTheReason() throws Exception {
        String jws = receipt();
        String[] parts = jws.split("\\.");
        byte[] payload = Base64.getUrlDecoder().decode(parts[1]);
        payload[10] ^= 0x02;
        Path changed = file("changed.jwt", parts[0] + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(payload) + "." + parts[2]);
        Run bad = verify(changed.toString(), "--jwks", issuer() + "/oauth/jwks");
        assertThat(bad.exit()).isEqualTo(1);
        assertThat(bad.err()).contains("bad signature");
        assertThat(bad.out()).isEmpty();

        Path empty = file("empty.json", "{\"keys\":[]}");
        Run unknown = verify(file("receipt.jwt", jws).toString(), "--jwks", empty.toString());
        assertThat(unknown.exit()).isEqualTo(1);
        assertThat(unknown.err()).contains("is not in the key set");

        Run otherIssuer = verify(file("receipt.jwt", jws).toString(), "--issuer", "https://assent.elsewhere.example/api/public/v1");
        assertThat(otherIssuer.exit()).isEqualTo(1);
        assertThat(otherIssuer.err()).contains("issuer");

        Path token = file("token.jwt", tokenFor(fixtures.partnerClient()));
        Run wrongType = verify(token.toString(), "--jwks", issuer() + "/oauth/jwks");
        assertThat(wrongType.exit()).isEqualTo(1);
        assertThat(wrongType.err()).contains("type");

        Run garbage = verify(file("garbage.jwt", "not a receipt").toString());
        assertThat(garbage.exit()).isEqualTo(1);
        assertThat(garbage.err()).contains("not a compact JWS");
        assertThat(verify(dir.resolve("missing.jwt").toString()).exit()).isEqualTo(1);
    }
}
