package io.assent.products;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Cursor;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Tenant;
import io.assent.platform.validation.Metadata;

/**
 * Products (D8): a working draft per product, published as immutable numbered versions that
 * consent sessions pin. Every rule about products lives here; a product is only ever seen by its
 * own tenant (D6), and anything else is simply not found.
 */
@Service
public class ProductService {

    private static final int MAX_NAME = 200;
    private static final int MAX_TEXT = 5000;

    private final ProductRepository products;
    private final IdGenerator ids;
    private final Clock clock;

    private record VersionKey(UUID productId, int version) {
    }

    private final Cache<VersionKey, ProductVersion> publishedVersions = Caffeine.newBuilder().maximumSize(10_000).build();

    public ProductService(ProductRepository products, IdGenerator ids, Clock clock) {
        this.products = products;
        this.ids = ids;
        this.clock = clock;
    }

    /** A new product in state draft; 400 {@code validation_failed} when the draft breaks a rule. */
    @Transactional
    public Product createDraft(Tenant tenant, ProductContent draft) {
        requireValid(draft);
        Instant now = now();
        Product product = new Product(ids.newId(), tenant, LifecycleStatus.DRAFT, draft, Optional.empty(), now, now);
        products.insert(product);
        return product;
    }

    /** One page of the tenant's products, newest first. Another environment than the tenant's holds none of them. */
    @Transactional(readOnly = true)
    public Page<Product> list(Tenant tenant, ProductFilter filter, PageRequest page) {
        if (filter.environment().filter(e -> e != tenant.environment()).isPresent()) {
            return Page.of(List.of(), page, ProductService::position);
        }
        return Page.of(products.list(tenant, filter.lifecycleStatuses(), page), page, ProductService::position);
    }

    /**
     * The tenant's product with its versions as of one moment. Under read committed, a publish may
     * commit between the two reads; versions are immutable and numbered, so keeping those up to the
     * product's {@code current_version} gives the state the product row was read in.
     */
    @Transactional(readOnly = true)
    public Optional<ProductWithVersions> findWithVersions(Tenant tenant, UUID productId) {
        return products.find(tenant, productId).map(product -> {
            int current = product.currentVersion().orElse(0);
            return new ProductWithVersions(product, products.findVersions(productId).stream()
                    .filter(v -> v.version() <= current).toList());
        });
    }

    /**
     * Edits the working draft, whether or not the product has been published: its versions and its
     * lifecycle status stay as they are. 409 once archived; 400 when the edited draft breaks a rule.
     */
    @Transactional
    public Product updateDraft(Tenant tenant, UUID productId, UnaryOperator<ProductContent> edit) {
        Product product = products.findForUpdate(tenant, productId).orElseThrow(ApiException::notFound);
        if (product.lifecycleStatus() == LifecycleStatus.ARCHIVED) {
            throw ApiException.conflict("invalid_state_transition", "An archived product cannot be edited.");
        }
        ProductContent draft = edit.apply(product.draft());
        requireValid(draft);
        if (draft.equals(product.draft())) {
            return product;
        }
        Instant now = now();
        products.updateDraft(productId, draft, now);
        return new Product(productId, tenant, product.lifecycleStatus(), draft, product.currentVersion(),
                product.createdAt(), now);
    }

    /**
     * Archives the product (D8): terminal, kept with its versions, and no new session can use it.
     * Archiving an archived product changes nothing and answers it again, so a retried DELETE is safe.
     */
    @Transactional
    public Product archive(Tenant tenant, UUID productId) {
        Product product = products.findForUpdate(tenant, productId).orElseThrow(ApiException::notFound);
        if (product.lifecycleStatus() == LifecycleStatus.ARCHIVED) {
            return product;
        }
        Instant now = now();
        products.markArchived(productId, now);
        return new Product(productId, tenant, LifecycleStatus.ARCHIVED, product.draft(), product.currentVersion(),
                product.createdAt(), now);
    }

    /**
     * Freezes the current draft as the next version; 400 when it is incomplete or unchanged, 409 once
     * archived. The product row is locked first, so two publishes never take the same number.
     */
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
        Instant now = now();
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
                .flatMap(p -> p.currentVersion().flatMap(v -> version(productId, v)));
    }

    /** A published version by its number, whoever owns it: sessions keep showing what they pinned. */
    public Optional<ProductVersion> version(UUID productId, int version) {
        // Versions never change once published, so a node may keep them; absent ones are not kept.
        ProductVersion cached = publishedVersions.getIfPresent(new VersionKey(productId, version));
        if (cached != null) {
            return Optional.of(cached);
        }
        Optional<ProductVersion> found = products.findVersion(productId, version);
        found.ifPresent(v -> publishedVersions.put(new VersionKey(productId, version), v));
        return found;
    }

    /** The time as the database keeps it (microseconds), so what we answer equals what we read back later. */
    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    private static Cursor position(Product product) {
        return new Cursor(product.createdAt(), product.id());
    }

    /** The rules every draft keeps, whatever its state; publishing asks for more ({@link #publishProblems}). */
    private static void requireValid(ProductContent draft) {
        List<FieldProblem> problems = new ArrayList<>();
        if (draft.name() == null || draft.name().isBlank() || draft.name().length() > MAX_NAME) {
            problems.add(new FieldProblem("name", "is required: 1 to " + MAX_NAME + " characters"));
        }
        if (draft.description().filter(d -> d.length() > MAX_TEXT).isPresent()) {
            problems.add(new FieldProblem("description", "must be at most " + MAX_TEXT + " characters"));
        }
        if (draft.purpose().filter(p -> p.length() > MAX_TEXT).isPresent()) {
            problems.add(new FieldProblem("purpose", "must be at most " + MAX_TEXT + " characters"));
        }
        if (draft.retentionDays().filter(days -> days < 1).isPresent()) {
            problems.add(new FieldProblem("retention_days", "must be a positive number of days"));
        }
        problems.addAll(Metadata.problems("metadata", draft.metadata()));
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The product is not valid.", problems);
        }
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
