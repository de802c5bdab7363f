package io.assent.platform.health;

import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;

/** {@code GET {base_url}/health} (D15): 200 while the database answers, 503 otherwise. */
@RestController
public class HealthController {

    private final JdbcClient jdbc;

    public HealthController(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @GetMapping(PublicUrls.API_PREFIX + "/health")
    public Map<String, String> health() {
        try {
            jdbc.sql("select 1").query(Integer.class).single();
        } catch (RuntimeException unavailable) {
            throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, "unavailable", "The database does not answer.");
        }
        return Map.of("status", "ok");
    }
}
