package io.assent.partnerportal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.support.ui.Select;
import org.springframework.beans.factory.annotation.Autowired;

import io.assent.identity.AccountType;
import io.assent.identity.IdentityService;
import io.assent.identity.NewUser;
import io.assent.identity.UserAccount;
import io.assent.partners.Partner;
import io.assent.partners.PartnerService;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Tenant;
import io.assent.products.DataCategory;
import io.assent.products.ProductContent;
import io.assent.support.ApiTest;
import io.assent.support.Browser;
import io.assent.support.OAuthFlows;
import io.assent.webhooks.Receiver;
import io.assent.webhooks.WebhookDispatcher;

/**
 * The partner portal in headless Chromium at a phone's width (issue 8): a staff member registers a
 * sandbox client and sees its secret once, edits and publishes a product and compares the versions,
 * adds a webhook endpoint, creates a test session that a consumer approves in a second browser,
 * works the opportunity on the board (in_review, approved, a note, a task), has a stale edit in a
 * second tab refused, and finds the session.granted delivery in the log and redelivers it.
 */
class PartnerPortalBrowserTest extends ApiTest {

    private static Browser staff;
    private static Browser consumerBrowser;

    @Autowired
    private IdentityService identity;
    @Autowired
    private PartnerService partners;
    @Autowired
    private WebhookDispatcher dispatcher;

    @BeforeAll
    static void startBrowsers() throws Exception {
        staff = Browser.start();
        consumerBrowser = Browser.start();
    }

    @AfterAll
    static void stopBrowsers() {
        staff.close();
        consumerBrowser.close();
    }

    @Test
    void aStaffMemberRunsTheIntegrationFromThePortal() throws Exception {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        Partner partner = partners.create("Northwind Lending", "owner-" + tag + "@northwind.example");
        String email = "sam-" + tag + "@northwind.example";
        identity.create(new NewUser(email, OAuthFlows.PASSWORD, AccountType.STAFF, Optional.of("Sam"), Optional.of("Staff")));
        partners.addMember(partner.id(), email);
        Tenant tenant = new Tenant(partner.id(), Environment.SANDBOX);
        UUID product = fixtures.products().createDraft(tenant, new ProductContent("Personal loan", Optional.of("A personal loan."),
                Optional.of("To assess your application."), List.of(DataCategory.PROFILE), Optional.of(90), Map.of())).id();
        fixtures.products().publish(tenant, product);
        UserAccount consumer = oauth().consumer();

        try (Receiver receiver = new Receiver()) {
            WebDriver page = staff.driver();
            staff.freshVisitTo(root());
            page.get(root() + "/partner");
            staff.screenshot("partner-sign-in");
            page.findElement(By.id("email")).sendKeys(email);
            page.findElement(By.id("password")).sendKeys(OAuthFlows.PASSWORD);
            page.findElement(By.cssSelector("main button[type=submit]")).click();
            waitForHeading(page, partner.name());

            // A sandbox client: the secret once, and never again.
            page.findElement(By.linkText("Clients")).click();
            waitForHeading(page, "Clients");
            page.findElement(By.id("name")).sendKeys("Loan backend");
            for (String scope : List.of("sessions.create", "sessions.read", "partner.opportunities.read")) {
                page.findElement(By.cssSelector("input[name=scopes][value='" + scope + "']")).click();
            }
            page.findElement(By.cssSelector("form[aria-labelledby=new-client] button[type=submit]")).click();
            String secret = waitFor(page, By.id("client-secret")).getText();
            String clientId = page.findElement(By.id("client-id")).getText();
            assertThat(secret).startsWith("assent_cs_");
            assertThat(clientService.authenticate(clientId, secret)).isPresent();
            staff.screenshot("partner-client-secret");
            wide("partner-client-secret-wide");
            page.navigate().refresh();
            waitForHeading(page, "Loan backend");
            assertThat(page.findElements(By.id("client-secret"))).isEmpty();
            assertThat(page.getPageSource()).doesNotContain(secret);

            // Edit the draft, publish it, and compare version 1 with version 2.
            page.get(root() + "/partner/sandbox/products/" + product);
            WebElement purpose = waitFor(page, By.id("purpose"));
            purpose.clear();
            purpose.sendKeys("To assess your application and verify your identity.");
            page.findElement(By.id("category-addresses")).click();
            page.findElement(By.cssSelector("form[aria-labelledby=draft] button[type=submit]")).click();
            statusSays(page, "The draft is saved.");
            page.findElement(By.xpath("//button[text()='Publish the saved draft']")).click();
            statusSays(page, "Published as version 2.");
            String diff = waitFor(page, By.id("diff")).getText();
            assertThat(diff).contains("Changes from v1 to v2").contains("purpose").contains("verify your identity")
                    .contains("data_categories").contains("profile, addresses");
            staff.screenshot("partner-product-diff");
            scrollTo(page, By.id("compare"));
            wide("partner-product-diff-wide");

            // A webhook endpoint on a loopback receiver (allowed in sandbox).
            page.get(root() + "/partner/sandbox/webhooks");
            waitFor(page, By.id("url")).sendKeys(receiver.url());
            page.findElement(By.cssSelector("form[aria-labelledby=new-endpoint] button[type=submit]")).click();
            assertThat(waitFor(page, By.id("signing-secret")).getText()).startsWith("whsec_");

            // A test session, answered by a consumer in another browser.
            page.get(root() + "/partner/sandbox/sessions");
            waitFor(page, By.id("externalReference")).sendKeys("loan-4711");
            new Select(page.findElement(By.id("clientId"))).selectByVisibleText("Loan backend");
            page.findElement(By.cssSelector("section[aria-labelledby=test-session] button[type=submit]")).click();
            String sessionUrl = waitFor(page, By.id("created-session")).getText();
            assertThat(page.findElement(By.id("sessions")).getText()).contains("loan-4711").contains("pending");

            WebDriver other = consumerBrowser.driver();
            consumerBrowser.freshVisitTo(root());
            other.get(sessionUrl);
            waitFor(other, By.id("email")).sendKeys(consumer.email());
            other.findElement(By.id("password")).sendKeys(OAuthFlows.PASSWORD);
            other.findElement(By.id("sign-in")).click();
            waitFor(other, By.id("approve")).click();
            // The test session returns the consumer to the portal (the return URL the form proposed).
            Browser.waitOn(other).until(d -> d.getCurrentUrl().startsWith(root() + "/partner"));
            dispatcher.dispatchDue();
            assertThat(receiver.received()).hasSize(1);

            // The board: consent_granted -> in_review -> approved, from the cards.
            page.get(root() + "/partner/sandbox/opportunities");
            moveOnBoard(page, "consent_granted", "in_review");
            moveOnBoard(page, "in_review", "approved");
            assertThat(column(page, "approved").getText()).contains("loan-4711");
            staff.screenshot("partner-board");
            wide("partner-board-wide");

            column(page, "approved").findElement(By.linkText("loan-4711")).click();
            waitFor(page, By.id("note-body")).sendKeys("Payslips checked; offer approved.");
            page.findElement(By.id("add-note")).click();
            statusSays(page, "Note added.");
            waitFor(page, By.id("task-title")).sendKeys("Send the offer letter");
            page.findElement(By.id("task-assignee")).sendKeys("Sam");
            page.findElement(By.id("add-task")).click();
            statusSays(page, "Task added.");
            assertThat(page.findElement(By.id("notes")).getText()).contains("Payslips checked").contains(email);
            assertThat(page.findElement(By.id("tasks")).getText()).contains("Send the offer letter").contains("open · Sam");
            assertThat(page.findElement(By.id("timeline")).getText()).contains("Task added: Send the offer letter")
                    .contains("Note added").contains("Stage in_review → approved").contains("by " + email)
                    .contains("Session event session.granted");

            // The same page in a second tab changes the owner; this tab's edit is then stale.
            String first = page.getWindowHandle();
            String url = page.getCurrentUrl();
            page.switchTo().newWindow(WindowType.TAB);
            page.get(url);
            waitFor(page, By.id("owner-input")).sendKeys("Priya");
            page.findElement(By.id("save-owner")).click();
            statusSays(page, "Saved.");
            page.close();
            page.switchTo().window(first);
            new Select(page.findElement(By.id("stage-move"))).selectByVisibleText("closed");
            page.findElement(By.id("move")).click();
            String conflict = waitFor(page, By.id("problem")).getText();
            assertThat(conflict).contains("Someone changed this opportunity").contains("not saved").contains("owner Priya")
                    .contains("stage approved");
            assertThat(page.findElement(By.id("stage")).getText()).isEqualTo("approved");
            assertThat(page.findElement(By.id("owner")).getText()).isEqualTo("Priya");
            staff.screenshot("partner-stale-edit");
            wide("partner-stale-edit-wide");

            // The delivery log: the session.granted delivery with its attempt, and a redelivery.
            page.get(root() + "/partner/sandbox/webhooks/deliveries");
            WebElement delivery = waitFor(page, By.cssSelector("section.delivery"));
            assertThat(delivery.getText()).contains("session.granted").contains("succeeded").contains("HTTP 200");
            delivery.findElement(By.xpath(".//button[text()='Redeliver']")).click();
            statusSays(page, "queued again");
            dispatcher.dispatchDue();
            page.navigate().refresh();
            Browser.waitOn(page)
                    .until(d -> d.findElements(By.cssSelector("section.delivery")).size() == 2);
            List<WebElement> deliveries = page.findElements(By.cssSelector("section.delivery"));
            assertThat(deliveries).allSatisfy(d -> assertThat(d.getText()).contains("session.granted").contains("succeeded")
                    .contains("HTTP 200"));
            staff.screenshot("partner-deliveries");
            wide("partner-deliveries-wide");
            assertThat(receiver.received()).hasSize(2);
            assertThat(receiver.received().get(1).header("Service-Event-Id")).isEqualTo(receiver.received().get(0).header("Service-Event-Id"));
        }
    }

    /** A screenshot at a desktop width too, for the README's tour; the test itself runs at a phone's width. */
    private static void wide(String name) throws Exception {
        WebDriver page = staff.driver();
        org.openqa.selenium.Dimension phone = page.manage().window().getSize();
        page.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 1000));
        staff.screenshot(name);
        page.manage().window().setSize(phone);
    }

    private static void scrollTo(WebDriver page, By what) {
        ((org.openqa.selenium.JavascriptExecutor) page).executeScript("arguments[0].scrollIntoView()", page.findElement(what));
    }

    private static void moveOnBoard(WebDriver page, String from, String to) {
        WebElement card = waitFor(page, By.cssSelector("#stage-" + from + " li.opportunity-card"));
        new Select(card.findElement(By.tagName("select"))).selectByVisibleText(to);
        card.findElement(By.tagName("button")).click();
        Browser.waitOn(page)
                .until(d -> d.findElement(By.id("stage-" + to)).getText().contains("loan-4711"));
    }

    private static WebElement column(WebDriver page, String stage) {
        return waitFor(page, By.id("stage-" + stage));
    }

    private static WebElement waitFor(WebDriver page, By what) {
        return Browser.waitOn(page)
                .until(d -> d.findElements(what).stream().findFirst().orElse(null));
    }

    private static void waitForHeading(WebDriver page, String heading) {
        Browser.waitOn(page)
                .until(d -> d.findElement(By.tagName("h1")).getText().equals(heading));
    }

    /** Waits for the next page's status message: the page before the submit may have had one too. */
    private static void statusSays(WebDriver page, String text) {
        Browser.waitOn(page)
                .until(d -> d.findElements(By.cssSelector("[role=status]")).stream().anyMatch(e -> e.getText().contains(text)));
    }
}
