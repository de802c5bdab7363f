package io.assent.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.springframework.beans.factory.annotation.Autowired;

import io.assent.products.DataCategory;
import io.assent.support.Browser;
import io.assent.support.ConsentLoop;
import io.assent.support.OAuthFlows;
import io.assent.webhooks.WebhookDispatcher;

/**
 * The consumer portal in headless Chromium at a phone's width: sign in, edit the profile, upload a
 * PDF and download it, find the grant of an approved session, read its access log and revoke it.
 */
class AccountPortalBrowserTest extends ConsumerApiTest {

    private static Browser browser;

    @BeforeAll
    static void startBrowser() throws Exception {
        browser = Browser.start();
    }

    @AfterAll
    static void stopBrowser() {
        browser.close();
    }

    @Autowired
    private WebhookDispatcher dispatcher;

    @Test
    void aConsumerManagesTheirDataAndRevokesAGrant() throws Exception {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE, DataCategory.DOCUMENTS);
        String session = loop.createSession();
        ConsentLoop.Consumer consumer = loop.consumer();
        loop.consumerCall(consumer, "GET", "/" + session);
        loop.consumerCall(consumer, "POST", "/" + session + "/approve");
        assertThat(loop.data(session).status()).isEqualTo(200);
        List<String> webhooks = new CopyOnWriteArrayList<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/hooks", exchange -> {
            webhooks.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        assertThat(api().post("/api/public/v1/webhook-endpoints").bearer(tokenFor(loop.client))
                .json("{\"url\":\"http://127.0.0.1:" + receiver.getAddress().getPort() + "/hooks\",\"subscribed_events\":[\"grant.revoked\"]}")
                .send().status()).isEqualTo(201);

        WebDriver page = browser.driver();
        browser.freshVisitTo(root());
        page.get(root() + "/account");
        page.findElement(By.id("email")).sendKeys(consumer.account().email());
        page.findElement(By.id("password")).sendKeys(OAuthFlows.PASSWORD);
        page.findElement(By.cssSelector("main button[type=submit]")).click();
        waitForHeading(page, "Your account");
        browser.screenshot("account-overview");

        page.get(root() + "/account/profile");
        page.findElement(By.id("phone")).clear();
        page.findElement(By.id("phone")).sendKeys("07700 900123");
        page.findElement(By.cssSelector("main button[type=submit]")).click();
        assertThat(waitFor(page, By.id("phone-error")).getText()).contains("E.164");
        page.findElement(By.id("phone")).clear();
        page.findElement(By.id("phone")).sendKeys("+447700900123");
        page.findElement(By.cssSelector("main button[type=submit]")).click();
        assertThat(status(page)).contains("saved");

        Path pdf = Files.createTempFile("passport", ".pdf");
        Files.write(pdf, DocumentsApiTest.PDF);
        page.get(root() + "/account/documents");
        page.findElement(By.id("file")).sendKeys(pdf.toAbsolutePath().toString());
        page.findElement(By.cssSelector("main form[enctype] button[type=submit]")).click();
        String downloadHref = waitFor(page, By.cssSelector(".items a")).getAttribute("href");
        assertThat(downloadHref).contains("/download");
        String cookie = "assent_session=" + page.manage().getCookieNamed("assent_session").getValue();
        var fetched = api().get(downloadHref.substring(root().length())).header("Cookie", cookie).unvalidated().send();
        assertThat(fetched.status()).isEqualTo(302);
        assertThat(api().get(fetched.header("Location").substring(root().length())).unvalidated().send().body()).startsWith("%PDF-");

        page.get(root() + "/account/grants");
        page.findElement(By.partialLinkText(loop.partner.name())).click();
        assertThat(waitFor(page, By.tagName("table")).getText()).contains(loop.client.clientId());
        browser.screenshot("account-grant");
        page.findElement(By.linkText("Revoke access")).click();
        waitForHeading(page, "Revoke access?");
        page.findElement(By.cssSelector("main button[type=submit]")).click();
        assertThat(status(page)).contains("revoked");

        assertThat(loop.data(session).status()).isEqualTo(404);
        dispatcher.dispatchDue();
        receiver.stop(0);
        assertThat(webhooks).hasSize(1);
        assertThat(webhooks.get(0)).contains("\"grant.revoked\"").contains(session);
    }

    /** The element once the page that has it has loaded: a submit returns before the next page is there. */
    private static org.openqa.selenium.WebElement waitFor(WebDriver page, By what) {
        return Browser.waitOn(page).until(d -> d.findElements(what).stream().findFirst().orElse(null));
    }

    private static void waitForHeading(WebDriver page, String heading) {
        Browser.waitOn(page).until(d -> d.findElement(By.tagName("h1")).getText().equals(heading));
    }

    private static String status(WebDriver page) {
        return waitFor(page, By.cssSelector("[role=status]")).getText();
    }
}
