package io.assent.products;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.security.Tenant;

/**
 * Products (D8): a working draft per product, published as immutable numbered versions that
 * consent sessions pin.
 */
@Service
public class ProductService {

    private final ProductRepository products;
    private final IdGenerator ids;
    private final Clock clock;

    public ProductService(ProductRepository products, IdGenerator ids, Clock clock) {
        this.products = products;
        this.ids = ids;
        this.clock = clock;
    }

    @Transactional
    public Product createDraft(Tenant tenant, ProductContent draft) {
        if (draft.name() == null || draft.name().isBlank() || draft.name().length() > 200) {
            throw ApiException.validationFailed("The product is not valid.",
                    List.of(new FieldProblem("name", "must be 1 to 200 characters")));
        }
        Instant now = clock.instant();
        Product product = new Product(ids.newId(), tenant, LifecycleStatus.DRAFT, draft, Optional.empty(), now, now);
        products.insert(product);
        return product;
    }

    /** Freezes the current draft as the next version; 400 when it is incomplete or unchanged. */
    @Transactional
    public ProductVersion publish(Tenant tenant, UUID productId) {
        Product product = products.findForUpdate(tenant, productId).orElseThrow(ApiException::notFound);
        if (product.lifecycleStatus() == LifecycleStatus.ARCHIVED) {
            throw ApiException.conflict("invalid_state_transition", "An archived product cannot be published.");
        }
        List<FieldProblem> problems = publishProblems(product.draft());
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The draft cannot be published.", problems);
        }
        Optional<ProductVersion> latest = product.currentVersion().flatMap(v -> products.findVersion(productId, v));
        if (latest.isPresent() && latest.get().content().equals(product.draft())) {
            throw ApiException.validationFailed("Nothing to publish: the draft equals version "
                    + latest.get().version() + ".", List.of());
        }
        Instant now = clock.instant();
        ProductVersion version = new ProductVersion(productId, product.currentVersion().orElse(0) + 1, now, product.draft());
        products.insertVersion(version);
        products.markPublished(productId, version.version(), now);
        return version;
    }

    /**
     * The version a new consent session pins (D7): the newest published version of a product of
     * this tenant that is published and not archived; empty for anything else.
     */
    public Optional<ProductVersion> versionForNewSession(Tenant tenant, UUID productId) {
        return products.find(tenant, productId)
                .filter(p -> p.lifecycleStatus() == LifecycleStatus.PUBLISHED)
                .flatMap(p -> p.currentVersion().flatMap(v -> products.findVersion(productId, v)));
    }

    /** A published version by its number, whoever owns it: sessions keep showing what they pinned. */
    public Optional<ProductVersion> version(UUID productId, int version) {
        return products.findVersion(productId, version);
    }

    private static List<FieldProblem> publishProblems(ProductContent draft) {
        List<FieldProblem> problems = new ArrayList<>();
        if (draft.purpose().filter(p -> !p.isBlank()).isEmpty()) {
            problems.add(new FieldProblem("purpose", "is required to publish"));
        }
        if (draft.dataCategories().isEmpty()) {
            problems.add(new FieldProblem("data_categories", "must name at least one category to publish"));
        }
        return problems;
    }
}
