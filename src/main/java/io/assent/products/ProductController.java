package io.assent.products;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import org.springframework.http.ResponseEntity;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.idempotency.Idempotent;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Caller;
import io.assent.platform.security.Tenant;

/**
 * The Products API ({@code {base_url}/products}, spec "Products", D8, D16): HTTP in, HTTP out; the
 * rules are {@link ProductService}'s.
 */
@RestController
@RequestMapping(ProductController.PATH)
public class ProductController {

    static final String PATH = PublicUrls.API_PREFIX + "/products";
    private static final String READ = "hasAuthority('SCOPE_partner.products.read')";
    private static final String WRITE = "hasAuthority('SCOPE_partner.products.write')";

    private final ProductService products;
    private final PublicUrls urls;

    public ProductController(ProductService products, PublicUrls urls) {
        this.products = products;
        this.urls = urls;
    }

    @Idempotent
    @PostMapping
    @PreAuthorize(WRITE)
    public ResponseEntity<ProductResponse> create(@AuthenticationPrincipal Caller caller,
                                                  @RequestBody CreateProductRequest request) {
        Tenant tenant = tenant(caller);
        request.requireEnvironmentOf(tenant);
        Product product = products.createDraft(tenant, request.content());
        return ResponseEntity.created(URI.create(urls.baseUrl() + "/products/" + product.id()))
                .body(ProductResponse.of(product));
    }

    @GetMapping
    @PreAuthorize(READ)
    public Page<ProductResponse> list(@AuthenticationPrincipal Caller caller,
                                      @RequestParam(name = "limit", required = false) String limit,
                                      @RequestParam(name = "cursor", required = false) String cursor,
                                      @RequestParam(name = "environment", required = false) String environment,
                                      @RequestParam(name = "lifecycle_status", required = false) List<String> statuses) {
        Tenant tenant = tenant(caller);
        PageRequest page = PageRequest.of(limit, cursor);
        ProductFilter filter = new ProductFilter(
                Optional.ofNullable(environment).map(e -> ProductWire.environment("environment", e)),
                statuses == null ? Set.of()
                        : statuses.stream().map(ProductWire::lifecycleStatus).collect(Collectors.toSet()));
        return products.list(tenant, filter, page).map(ProductResponse::of);
    }

    @GetMapping("/{id}")
    @PreAuthorize(READ)
    public ProductResponse get(@AuthenticationPrincipal Caller caller, @PathVariable("id") String id) {
        Tenant tenant = tenant(caller);
        return products.findWithVersions(tenant, productId(id)).map(ProductResponse::of)
                .orElseThrow(ApiException::notFound);
    }

    @PatchMapping("/{id}")
    @PreAuthorize(WRITE)
    public ProductResponse update(@AuthenticationPrincipal Caller caller, @PathVariable("id") String id,
                                  @RequestBody UpdateProductRequest request) {
        Tenant tenant = tenant(caller);
        return ProductResponse.of(products.updateDraft(tenant, productId(id), request.edit()));
    }

    @DeleteMapping("/{id}")
    @PreAuthorize(WRITE)
    public ProductResponse archive(@AuthenticationPrincipal Caller caller, @PathVariable("id") String id) {
        Tenant tenant = tenant(caller);
        return ProductResponse.of(products.archive(tenant, productId(id)));
    }

    @PostMapping("/{id}/publish")
    @PreAuthorize(WRITE)
    public ProductVersionResponse publish(@AuthenticationPrincipal Caller caller, @PathVariable("id") String id) {
        Tenant tenant = tenant(caller);
        return ProductVersionResponse.of(products.publish(tenant, productId(id)));
    }

    /**
     * Products belong to a partner and an environment (D6); a caller without them (a consumer token,
     * which never holds partner scopes anyway) has none to see.
     */
    private static Tenant tenant(Caller caller) {
        return caller.tenant().orElseThrow(ApiException::notFound);
    }

    /** D2: a malformed id names nothing, so it is 404 like an unknown one. */
    private static UUID productId(String id) {
        return IdGenerator.parse(id).orElseThrow(ApiException::notFound);
    }
}
