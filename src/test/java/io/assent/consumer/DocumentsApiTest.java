package io.assent.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;

import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ConsentLoop;

class DocumentsApiTest extends ConsumerApiTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    static final byte[] PDF = ("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
            + "2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n").getBytes(StandardCharsets.US_ASCII);

    static byte[] image(String format) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB), format, out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A multipart/form-data body: text fields, and a file part when {@code file} is not null. */
    static ApiResponse upload(DocumentsApiTest test, Me me, String fileName, String declaredType, byte[] file,
                              Map<String, String> fields) {
        String boundary = "b" + UUID.randomUUID();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        fields.forEach((name, value) -> body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\""
                + name + "\"\r\n\r\n" + value + "\r\n").getBytes(StandardCharsets.UTF_8)));
        if (file != null) {
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + fileName
                    + "\"\r\nContent-Type: " + declaredType + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            body.writeBytes(file);
            body.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        body.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return test.client().post(ME + "/documents").bearer(me.token())
                .body("multipart/form-data; boundary=" + boundary, body.toByteArray()).send();
    }

    private ApiResponse upload(Me me, String fileName, String declaredType, byte[] file, String docType) {
        Map<String, String> fields = new LinkedHashMap<>();
        if (docType != null) {
            fields.put("doc_type", docType);
        }
        return upload(this, me, fileName, declaredType, file, fields);
    }

    private static HttpResponse<byte[]> fetch(String url) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    io.assent.support.ApiClient client() {
        return api();
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void pdfPngAndJpegGoInAndComeBackByteForByte() throws Exception {
        Me me = consumer();
        Map<String, byte[]> files = Map.of("application/pdf", PDF, "image/png", image("png"), "image/jpeg", image("jpg"));
        for (var file : files.entrySet()) {
            // declared as something else: the bytes decide
            ApiResponse created = upload(me, "scan.bin", "application/octet-stream", file.getValue(), "passport");
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            assertThat(created.json().path("content_type").asString()).isEqualTo(file.getKey());
            assertThat(created.json().path("sha256").asString()).isEqualTo(sha256(file.getValue()));
            assertThat(created.json().path("size_bytes").asLong()).isEqualTo(file.getValue().length);

            ApiResponse link = get(me, "/documents/" + created.json().path("id").asString() + "/download");
            assertThat(link.status()).isEqualTo(200);
            String url = link.json().path("url").asString();
            assertThat(url).startsWith(root() + "/files/");
            HttpResponse<byte[]> download = fetch(url);
            assertThat(download.statusCode()).isEqualTo(200);
            assertThat(sha256(download.body())).isEqualTo(sha256(file.getValue()));
            assertThat(download.headers().firstValue("Content-Type").orElseThrow()).startsWith(file.getKey());
            assertThat(download.headers().firstValue("Content-Disposition").orElseThrow()).startsWith("attachment").contains("scan.bin");
            assertThat(download.headers().firstValue("Cache-Control").orElseThrow()).contains("no-store");
            assertThat(download.headers().firstValue("X-Content-Type-Options").orElseThrow()).isEqualTo("nosniff");
        }
        assertThat(get(me, "/documents").json().size()).isEqualTo(3);
        assertThat(historyTypes(me)).containsExactly("document_uploaded", "document_uploaded", "document_uploaded");
    }

    @Test
    void refusesOtherFilesOversizedFilesAndMissingParts() {
        Me me = consumer();
        ApiResponse text = upload(me, "x.pdf", "application/pdf", "hello, not a pdf".getBytes(StandardCharsets.UTF_8), "other");
        assertThat(text.status()).isEqualTo(415);
        assertThat(text.errorCode()).isEqualTo("unsupported_media_type");

        byte[] big = new byte[10 * 1024 * 1024 + 1];
        System.arraycopy(PDF, 0, big, 0, PDF.length);
        ApiResponse tooBig = upload(me, "big.pdf", "application/pdf", big, "other");
        assertThat(tooBig.status()).isEqualTo(413);
        assertThat(tooBig.errorCode()).isEqualTo("payload_too_large");

        ApiResponse noFile = upload(me, null, null, null, "other");
        assertThat(noFile.status()).isEqualTo(400);
        assertThat(noFile.body()).contains("file");
        ApiResponse noType = upload(me, "a.pdf", "application/pdf", PDF, null);
        assertThat(noType.status()).isEqualTo(400);
        assertThat(noType.body()).contains("doc_type");
        ApiResponse badDate = upload(this, me, "a.pdf", "application/pdf", PDF, Map.of("doc_type", "other", "expires_on", "31/12/2030"));
        assertThat(badDate.body()).contains("expires_on");

        assertThat(get(me, "/documents").json().size()).isZero();
        assertThat(jdbc.sql("select count(*) from consumer_documents where consumer_id = :c").param("c", me.account().id())
                .query(Long.class).single()).isZero();
        assertThat(historyTypes(me)).isEmpty();
    }

    @Test
    void isExpiredFollowsTheClock() {
        Me me = consumer();
        String tomorrow = java.time.LocalDate.ofInstant(clock.instant(), java.time.ZoneOffset.UTC).plusDays(1).toString();
        ApiResponse created = upload(this, me, "p.pdf", "application/pdf", PDF,
                Map.of("doc_type", "passport", "expires_on", tomorrow, "document_date", "2020-01-31"));
        assertThat(created.json().path("is_expired").asBoolean()).isFalse();
        assertThat(created.json().path("document_date").asString()).isEqualTo("2020-01-31");
        clock.advance(Duration.ofDays(2));
        Me later = withScopes(me, ALL_SCOPES);
        assertThat(get(later, "/documents").json().get(0).path("is_expired").asBoolean()).isTrue();
    }

    @Test
    void linksNeedNoTokenButDieWhenTamperedExpiredOrDeleted() {
        Me me = consumer();
        String id = upload(me, "a.pdf", "application/pdf", PDF, "payslip").json().path("id").asString();
        String url = get(me, "/documents/" + id + "/download").json().path("url").asString();
        assertThat(fetch(url).statusCode()).isEqualTo(200);

        String token = url.substring(url.lastIndexOf('/') + 1);
        for (int i : new int[] {0, token.indexOf('.') - 1, token.length() - 1}) {
            char changed = token.charAt(i) == 'A' ? 'B' : 'A';
            String tampered = token.substring(0, i) + changed + token.substring(i + 1);
            HttpResponse<byte[]> refused = fetch(root() + "/files/" + tampered);
            assertThat(refused.statusCode()).as("changed at " + i).isEqualTo(404);
            assertThat(new String(refused.body(), StandardCharsets.UTF_8)).contains("not_found");
        }
        assertThat(fetch(root() + "/files/garbage").statusCode()).isEqualTo(404);

        clock.advance(Duration.ofSeconds(301));
        assertThat(fetch(url).statusCode()).isEqualTo(404);
        clock.reset();

        Me fresh = withScopes(me, ALL_SCOPES);
        String second = get(fresh, "/documents/" + id + "/download").json().path("url").asString();
        assertThat(fetch(second).statusCode()).isEqualTo(200);
        ApiResponse deleted = delete(fresh, "/documents/" + id);
        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.json().path("deleted").asBoolean()).isTrue();
        assertThat(fetch(second).statusCode()).isEqualTo(404);
        assertThat(get(fresh, "/documents/" + id + "/download").status()).isEqualTo(404);
        assertThat(historyTypes(fresh)).containsExactly("document_deleted", "document_uploaded");
    }

    @Test
    void anotherConsumersDocumentsAndMissingScopes() {
        Me me = consumer();
        String id = upload(me, "a.pdf", "application/pdf", PDF, "other").json().path("id").asString();
        Me other = consumer();
        assertThat(get(other, "/documents/" + id + "/download").status()).isEqualTo(404);
        assertThat(delete(other, "/documents/" + id).status()).isEqualTo(404);
        assertThat(get(other, "/documents").json().size()).isZero();

        Me reader = consumer("consumer.documents.read");
        assertThat(upload(reader, "a.pdf", "application/pdf", PDF, "other").errorCode()).isEqualTo("insufficient_scope");
        assertThat(delete(reader, "/documents/" + id).status()).isEqualTo(403);
        Me none = consumer("consumer.profile.read");
        assertThat(get(none, "/documents").errorCode()).isEqualTo("insufficient_scope");
    }

    @Test
    void partnersGetTheSameSignedLinks() {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.DOCUMENTS);
        String session = loop.createSession();
        ConsentLoop.Consumer consumer = loop.consumer();
        Me me = withScopes(new Me(consumer.account(), consumer.token()), ALL_SCOPES);
        upload(me, "statement.pdf", "application/pdf", PDF, "bank_statement");
        loop.consumerCall(consumer, "GET", "/" + session);
        loop.consumerCall(consumer, "POST", "/" + session + "/approve");

        var documents = loop.data(session).json().path("data").path("documents");
        assertThat(documents.size()).isEqualTo(1);
        assertThat(documents.get(0).path("doc_type").asString()).isEqualTo("bank_statement");
        assertThat(documents.get(0).has("storage_path")).isFalse();
        HttpResponse<byte[]> download = fetch(documents.get(0).path("download_url").asString());
        assertThat(download.statusCode()).isEqualTo(200);
        assertThat(download.body()).isEqualTo(PDF);
    }
}
