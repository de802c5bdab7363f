package io.assent.products;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.assent.platform.error.ApiException;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Tenant;

/**
 * The body of {@code POST /products} (D8). A field left out and a field sent as JSON null both
 * mean "not given".
 */
record CreateProductRequest(String name, String environment, String description, String purpose,
                            List<String> dataCategories, Integer retentionDays, Map<String, String> metadata) {

    ProductContent content() {
        return new ProductContent(name, Optional.ofNullable(description), Optional.ofNullable(purpose),
                dataCategories == null ? List.of() : ProductWire.categories(dataCategories),
                Optional.ofNullable(retentionDays), metadata == null ? Map.of() : ProductWire.metadata(metadata));
    }

    /**
     * D6, D8: a client creates products in its own environment only; naming it is allowed, naming
     * the other one is a mistake worth telling, not something to quietly fix.
     */
    void requireEnvironmentOf(Tenant tenant) {
        if (environment == null) {
            return;
        }
        Environment requested = ProductWire.environment("environment", environment);
        if (requested != tenant.environment()) {
            throw ApiException.invalidRequest("Field 'environment' must be the client's own environment ("
                    + tenant.environment().wireName() + "); use a " + requested.wireName() + " client to create "
                    + requested.wireName() + " products.");
        }
    }
}
