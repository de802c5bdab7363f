package io.assent.platform;

import java.util.Map;
import java.util.UUID;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.assent.platform.error.ApiException;
import io.assent.platform.idempotency.Idempotent;

/**
 * A route that exists only in tests, so the platform's request handling (JSON reading, body limits,
 * idempotency) is tested on a real endpoint before any feature uses it. It creates a row per call.
 */
@RestController
public class ProbeController {

    public static final String PATH = "/api/public/v1/test-probe/widgets";
    public static final String OPTIONAL_KEY_PATH = "/api/public/v1/test-probe/gadgets";

    public record WidgetRequest(String name, int quantity) {
    }

    private final JdbcClient jdbc;

    public ProbeController(JdbcClient jdbc) {
        this.jdbc = jdbc;
        jdbc.sql("create table if not exists probe_widgets (id uuid primary key, name varchar(100), quantity integer)").update();
    }

    @Idempotent
    @PostMapping(PATH)
    public ResponseEntity<Map<String, Object>> create(@RequestBody WidgetRequest request,
                                                      @RequestParam(defaultValue = "0") long delayMillis) throws InterruptedException {
        if ("bad".equals(request.name())) {
            throw ApiException.invalidRequest("name must not be 'bad'.");
        }
        UUID id = UUID.randomUUID();
        jdbc.sql("insert into probe_widgets (id, name, quantity) values (:id, :name, :quantity)")
                .param("id", id).param("name", request.name()).param("quantity", request.quantity()).update();
        Thread.sleep(delayMillis);
        return ResponseEntity.status(HttpStatus.CREATED).header("Location", PATH + "/" + id)
                .body(Map.of("id", id.toString(), "name", request.name(), "quantity", request.quantity()));
    }

    @PostMapping(OPTIONAL_KEY_PATH)
    public ResponseEntity<Map<String, Object>> createGadget(@RequestBody WidgetRequest request) throws InterruptedException {
        return create(request, 0L);
    }

    public int count(String name) {
        return jdbc.sql("select count(*) from probe_widgets where name = :name").param("name", name)
                .query(Integer.class).single();
    }
}
