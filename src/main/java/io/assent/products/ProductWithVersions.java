package io.assent.products;

import java.util.List;

/** A product together with every version it has published, oldest first, read at one moment. */
public record ProductWithVersions(Product product, List<ProductVersion> versions) {

    public ProductWithVersions {
        versions = List.copyOf(versions);
    }
}
