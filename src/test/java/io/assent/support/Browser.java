package io.assent.support;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Chromium from Debian's packages (chromium, chromium-driver), started the way this
 * machine needs: as root without a sandbox, offline-friendly, with a fresh profile; phone-sized.
 */
public final class Browser implements AutoCloseable {

    private final WebDriver driver;

    private Browser(WebDriver driver) {
        this.driver = driver;
    }

    public static Browser start() throws Exception {
        Path profile = Files.createTempDirectory("chromium-profile");
        ChromeOptions options = new ChromeOptions();
        options.setBinary("/usr/bin/chromium");
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage", "--window-size=420,900",
                "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File("/usr/bin/chromedriver")).usingAnyFreePort().build();
        WebDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        return new Browser(driver);
    }

    /** Forgets every sign-in to the site at {@code root} (cookies belong to the page's own site). */
    public void freshVisitTo(String root) {
        driver.get(root + "/api/public/v1/health");
        driver.manage().deleteAllCookies();
    }

    public WebDriver driver() {
        return driver;
    }

    /** Saves what the page looks like to {@code target/screenshots/<name>.png}, to look at. */
    public void screenshot(String name) throws Exception {
        Path target = Path.of("target", "screenshots");
        Files.createDirectories(target);
        File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), target.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public void close() {
        driver.quit();
    }

    /**
     * A wait of up to 10 s that outlasts a page being replaced by the next one (after a submit or a
     * click): an element of the old page, however the driver reports it (stale, or "does not belong
     * to the document"), counts as not there yet. A condition never met still fails, by timeout.
     */
    public static WebDriverWait waitOn(WebDriver driver) {
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(10));
        wait.ignoring(WebDriverException.class);
        return wait;
    }
}
