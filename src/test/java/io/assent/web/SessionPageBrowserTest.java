package io.assent.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

import io.assent.identity.UserAccount;
import io.assent.products.DataCategory;
import io.assent.support.ApiClient.ApiResponse;
import io.assent.support.ApiTest;
import io.assent.support.Browser;
import io.assent.support.ConsentLoop;
import io.assent.support.OAuthFlows;

/**
 * The consent loop in headless Chromium: the partner creates a session over HTTP, the consumer
 * opens session_url, signs in (or signs up), approves and lands on return_url; the partner reads
 * the data.
 */
class SessionPageBrowserTest extends ApiTest {

    private static Browser browser;

    @BeforeAll
    static void startBrowser() throws Exception {
        browser = Browser.start();
    }

    @AfterAll
    static void stopBrowser() {
        browser.close();
    }

    @Test
    void aConsumerSignsInApprovesAndThePartnerReadsTheData() throws Exception {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE, DataCategory.CONTACTS);
        String returnUrl = root() + "/demo/callback";
        ApiResponse created = api().post("/api/public/v1/sessions").bearer(loop.token).header("Idempotency-Key", UUID.randomUUID().toString())
                .json("{\"product_id\":\"" + loop.productId + "\",\"return_url\":\"" + returnUrl + "\"}").send();
        String sessionId = created.json().path("session_id").asString();
        UserAccount consumer = oauth().consumer();

        WebDriver page = browser.driver();
        browser.freshVisitTo(root());
        page.get(created.json().path("session_url").asString());
        String summary = page.findElement(By.tagName("main")).getText();
        assertThat(summary).contains(loop.partner.name() + " asks to see your data")
                .contains("Your name, e-mail address and phone number").contains("Your contact details")
                .contains("To assess your application.");
        page.findElement(By.id("email")).sendKeys(consumer.email());
        page.findElement(By.id("password")).sendKeys(OAuthFlows.PASSWORD);
        page.findElement(By.id("sign-in")).click();
        Browser.waitOn(page).until(d -> d.findElements(By.id("approve")).size() == 1);
        browser.screenshot("session-page");
        page.findElement(By.id("approve")).click();

        Browser.waitOn(page).until(d -> d.getCurrentUrl().startsWith(returnUrl));
        assertThat(page.getCurrentUrl()).isEqualTo(returnUrl + "?session_id=" + sessionId + "&status=granted");

        ApiResponse data = loop.data(sessionId);
        assertThat(data.status()).isEqualTo(200);
        assertThat(data.json().path("data").path("profile").path("email").asString()).isEqualTo(consumer.email());

        page.get(created.json().path("session_url").asString());
        assertThat(page.findElement(By.tagName("h1")).getText()).isEqualTo("You shared your data with " + loop.partner.name());
    }

    @Test
    void aNewConsumerSignsUpAndDenies() {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        String sessionId = loop.createSession();
        WebDriver page = browser.driver();
        browser.freshVisitTo(root());
        page.get(root() + "/s/" + sessionId);
        page.findElement(By.id("to-sign-up")).click();
        page.findElement(By.id("first_name")).sendKeys("Sam");
        page.findElement(By.id("email")).sendKeys("sam-" + UUID.randomUUID() + "@example.com");
        page.findElement(By.id("password")).sendKeys("sams long password");
        page.findElement(By.id("sign-up")).click();
        Browser.waitOn(page).until(d -> d.findElements(By.id("deny")).size() == 1);
        page.findElement(By.id("deny")).click();
        Browser.waitOn(page).until(d -> d.getCurrentUrl().startsWith("https://partner.example/done")
                || d.getCurrentUrl().contains("status=denied"));
        assertThat(page.getCurrentUrl()).contains("session_id=" + sessionId).contains("status=denied");
        assertThat(loop.session(sessionId).json().path("status").asString()).isEqualTo("denied");
    }

    @Test
    void expiredAndUnknownSessionsShowAClearPage() throws Exception {
        ConsentLoop loop = new ConsentLoop(fixtures, api(), oauth(), null, DataCategory.PROFILE);
        String sessionId = loop.create("\"expires_in\":300").json().path("session_id").asString();
        clock.advance(Duration.ofSeconds(301));
        WebDriver page = browser.driver();
        browser.freshVisitTo(root());
        page.get(root() + "/s/" + sessionId);
        assertThat(page.findElement(By.tagName("h1")).getText()).isEqualTo("This request has expired");
        browser.screenshot("session-expired");
        page.get(root() + "/s/" + UUID.randomUUID());
        assertThat(page.findElement(By.tagName("h1")).getText()).isEqualTo("This request does not exist");
        page.get(root() + "/s/not-an-id");
        assertThat(page.getPageSource()).doesNotContain("Exception").doesNotContain("Whitelabel");
    }
}
