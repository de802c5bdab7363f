package io.assent.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.pkce.CodeChallenge;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import io.assent.identity.UserAccount;
import io.assent.partners.ClientCredentials;
import io.assent.support.ApiTest;
import io.assent.support.Browser;
import io.assent.support.OAuthFlows;

/**
 * The consent screen in headless Chromium (Debian's chromium and chromium-driver): sign in,
 * approve, land on the redirect URI with a code, exchange it.
 */
class ConsentScreenBrowserTest extends ApiTest {

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
    void aConsumerSignsInApprovesAndTheAppExchangesTheCode() throws Exception {
        String redirect = root() + "/demo/callback";
        ClientCredentials app = oauth().publicApp(redirect, OAuthFlows.CONSUMER_SCOPES);
        UserAccount consumer = oauth().consumer();
        CodeVerifier verifier = new CodeVerifier();

        browser.freshVisitTo(root());
        browser.driver().get(authorizeUrl(app, redirect, verifier, "browser-state"));
        assertThat(browser.driver().findElement(By.tagName("h1")).getText()).contains("Sign in");
        browser.driver().findElement(By.id("email")).sendKeys(consumer.email());
        browser.driver().findElement(By.id("password")).sendKeys(OAuthFlows.PASSWORD);
        browser.driver().findElement(By.cssSelector("button[type=submit]")).click();

        Browser.waitOn(browser.driver()).until(d -> d.findElements(By.id("approve")).size() == 1);
        String page = browser.driver().findElement(By.tagName("main")).getText();
        assertThat(page).contains("Budget Buddy").contains("See your name, e-mail address").contains("See your activity history")
                .contains(consumer.email());
        browser.screenshot("consent-screen");
        browser.driver().findElement(By.id("approve")).click();

        Browser.waitOn(browser.driver()).until(d -> d.getCurrentUrl().startsWith(redirect));
        Map<String, String> returned = query(browser.driver().getCurrentUrl());
        assertThat(returned).containsEntry("state", "browser-state").containsEntry("iss", root() + "/api/public/v1");
        assertThat(browser.driver().findElement(By.id("code")).getText()).isEqualTo(returned.get("code"));

        HTTPResponse exchanged = oauth().exchange(app, returned.get("code"), redirect, verifier);
        assertThat(exchanged.getStatusCode()).isEqualTo(200);
        assertThat(exchanged.getBody()).contains("access_token").contains("refresh_token").contains("id_token");
    }

    @Test
    void denyingSendsTheConsumerBackWithAccessDenied() throws Exception {
        String redirect = root() + "/demo/callback";
        ClientCredentials app = oauth().publicApp(redirect, OAuthFlows.CONSUMER_SCOPES);
        UserAccount consumer = oauth().consumer();
        browser.freshVisitTo(root());
        browser.driver().get(authorizeUrl(app, redirect, new CodeVerifier(), "deny-state"));
        browser.driver().findElement(By.id("email")).sendKeys(consumer.email());
        browser.driver().findElement(By.id("password")).sendKeys("not the password");
        browser.driver().findElement(By.cssSelector("button[type=submit]")).click();
        assertThat(browser.driver().findElement(By.cssSelector("[role=alert]")).getText()).contains("wrong");
        browser.driver().findElement(By.id("password")).sendKeys(OAuthFlows.PASSWORD);
        browser.driver().findElement(By.cssSelector("button[type=submit]")).click();
        Browser.waitOn(browser.driver()).until(d -> d.findElements(By.id("deny")).size() == 1);
        browser.driver().findElement(By.id("deny")).click();
        Browser.waitOn(browser.driver()).until(d -> d.getCurrentUrl().startsWith(redirect));
        assertThat(query(browser.driver().getCurrentUrl())).containsEntry("error", "access_denied").containsEntry("state", "deny-state");
    }

    @Test
    void aBrokenLinkShowsAClearPageNotAStackTrace() throws Exception {
        browser.driver().get(root() + "/oauth/authorize?response_type=code&client_id=nobody&redirect_uri=https://evil.example/");
        assertThat(browser.driver().findElement(By.tagName("h1")).getText()).isEqualTo("This sign-in link does not work");
        assertThat(browser.driver().getPageSource()).doesNotContain("Exception").doesNotContain("Whitelabel");
        browser.screenshot("broken-link");
    }

    private String authorizeUrl(ClientCredentials app, String redirect, CodeVerifier verifier, String state) {
        String challenge = CodeChallenge.compute(CodeChallengeMethod.S256, verifier).getValue();
        return root() + "/oauth/authorize?response_type=code&client_id=" + app.clientId() + "&redirect_uri=" + encode(redirect)
                + "&scope=" + encode(OAuthFlows.CONSUMER_SCOPES) + "&state=" + state + "&code_challenge=" + challenge
                + "&code_challenge_method=S256";
    }

    private static Map<String, String> query(String url) {
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String pair : URI.create(url).getRawQuery().split("&")) {
            String[] kv = pair.split("=", 2);
            parameters.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8), URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
        }
        return parameters;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
