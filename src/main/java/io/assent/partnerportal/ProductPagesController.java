package io.assent.partnerportal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.PageRequest;
import io.assent.products.DataCategory;
import io.assent.products.Product;
import io.assent.products.ProductContent;
import io.assent.products.ProductFilter;
import io.assent.products.ProductService;
import io.assent.products.ProductVersion;
import io.assent.products.ProductWithVersions;

/**
 * The partner's products (D8, D19): create a draft, edit it, publish it (the service's validation
 * messages shown next to the fields), compare any two versions field by field, archive. Every
 * rule is {@link ProductService}'s.
 */
@Controller
@PartnerPortalPage
public class ProductPagesController {

    static final String PRODUCTS = Portal.ENV + "/products";

    /** The draft form: categories as checkboxes, metadata as {@code key=value} lines. */
    public record ProductForm(String name, String description, String purpose, List<String> dataCategories, String retentionDays,
                       String metadata) {

        static final ProductForm EMPTY = new ProductForm("", "", "", List.of(), "", "");

        static ProductForm of(ProductContent draft) {
            StringBuilder pairs = new StringBuilder();
            draft.metadata().forEach((k, v) -> pairs.append(k).append('=').append(v).append('\n'));
            return new ProductForm(draft.name(), draft.description().orElse(""), draft.purpose().orElse(""),
                    draft.dataCategories().stream().map(DataCategory::wireName).toList(),
                    draft.retentionDays().map(String::valueOf).orElse(""), pairs.toString().strip());
        }

        public List<String> chosenCategories() {
            return dataCategories == null ? List.of() : dataCategories;
        }

        /** The content the form says; what the form cannot express (a number that is not one) is refused here. */
        ProductContent content() {
            List<FieldProblem> problems = new ArrayList<>();
            List<DataCategory> categories = chosenCategories().stream()
                    .map(c -> DataCategory.fromWire(c).orElse(null)).filter(java.util.Objects::nonNull).toList();
            Optional<Integer> days = Optional.empty();
            if (retentionDays != null && !retentionDays.isBlank()) {
                try {
                    days = Optional.of(Integer.parseInt(retentionDays.strip()));
                } catch (NumberFormatException e) {
                    problems.add(new FieldProblem("retention_days", "must be a whole number of days"));
                }
            }
            Map<String, String> pairs = new LinkedHashMap<>();
            for (String line : (metadata == null ? "" : metadata).split("\\R")) {
                if (line.isBlank()) {
                    continue;
                }
                int equals = line.indexOf('=');
                if (equals < 1) {
                    problems.add(new FieldProblem("metadata", "each line must be key=value, not '" + line.strip() + "'"));
                } else {
                    pairs.put(line.substring(0, equals).strip(), line.substring(equals + 1).strip());
                }
            }
            if (!problems.isEmpty()) {
                throw ApiException.validationFailed("The product is not valid.", problems);
            }
            return new ProductContent(name == null ? "" : name.strip(), text(description), text(purpose), categories, days, pairs);
        }

        private static Optional<String> text(String value) {
            return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
        }
    }

    private final ProductService products;

    ProductPagesController(ProductService products) {
        this.products = products;
    }

    @GetMapping(PRODUCTS)
    String list(Portal portal, Model model) {
        return listPage(portal, model, ProductForm.EMPTY, FormProblems.NONE);
    }

    @PostMapping(PRODUCTS)
    String create(Portal portal, @ModelAttribute("form") ProductForm form, HttpServletResponse response, Model model) {
        try {
            Product product = products.createDraft(portal.tenant(), form.content());
            return "redirect:" + page(portal, product) + "?created";
        } catch (ApiException refused) {
            response.setStatus(refused.status().value());
            return listPage(portal, model, form, FormProblems.of(refused));
        }
    }

    @GetMapping(PRODUCTS + "/{id}")
    String product(Portal portal, @PathVariable String id, @RequestParam Optional<Integer> from,
                   @RequestParam Optional<Integer> to, Model model) {
        ProductWithVersions product = own(portal, id);
        return productPage(model, product, ProductForm.of(product.product().draft()), FormProblems.NONE, from, to);
    }

    @PostMapping(PRODUCTS + "/{id}")
    String save(Portal portal, @PathVariable String id, @ModelAttribute("form") ProductForm form, HttpServletResponse response,
                Model model) {
        ProductWithVersions product = own(portal, id);
        try {
            ProductContent content = form.content();
            products.updateDraft(portal.tenant(), product.product().id(), draft -> content);
            return "redirect:" + page(portal, product.product()) + "?saved";
        } catch (ApiException refused) {
            response.setStatus(refused.status().value());
            return productPage(model, product, form, FormProblems.of(refused), Optional.empty(), Optional.empty());
        }
    }

    @PostMapping(PRODUCTS + "/{id}/publish")
    String publish(Portal portal, @PathVariable String id, HttpServletResponse response, Model model) {
        ProductWithVersions product = own(portal, id);
        try {
            ProductVersion version = products.publish(portal.tenant(), product.product().id());
            return "redirect:" + page(portal, product.product()) + "?published=" + version.version();
        } catch (ApiException refused) {
            response.setStatus(refused.status().value());
            return productPage(model, product, ProductForm.of(product.product().draft()), FormProblems.of(refused),
                    Optional.empty(), Optional.empty());
        }
    }

    @PostMapping(PRODUCTS + "/{id}/archive")
    String archive(Portal portal, @PathVariable String id) {
        Product archived = products.archive(portal.tenant(), own(portal, id).product().id());
        return "redirect:" + page(portal, archived) + "?archived";
    }

    private String listPage(Portal portal, Model model, ProductForm form, FormProblems problems) {
        model.addAttribute("products", products.list(portal.tenant(), new ProductFilter(Optional.empty(), Set.of()),
                PageRequest.of("100", null)).data());
        model.addAttribute("form", form);
        model.addAttribute("problems", problems);
        model.addAttribute("categories", Arrays.stream(DataCategory.values()).map(DataCategory::wireName).toList());
        return "partner/products";
    }

    /** The editor, the versions and the comparison of two of them (by default the newest two). */
    private String productPage(Model model, ProductWithVersions product, ProductForm form, FormProblems problems,
                               Optional<Integer> from, Optional<Integer> to) {
        List<ProductVersion> versions = product.versions();
        model.addAttribute("product", product.product());
        List<ProductVersion> newestFirst = new ArrayList<>(versions);
        Collections.reverse(newestFirst);
        model.addAttribute("versions", newestFirst);
        model.addAttribute("form", form);
        model.addAttribute("problems", problems);
        model.addAttribute("categories", Arrays.stream(DataCategory.values()).map(DataCategory::wireName).toList());
        if (versions.size() >= 2) {
            int newest = versions.get(versions.size() - 1).version();
            int right = to.orElse(newest);
            int left = from.orElse(right == newest ? newest - 1 : newest);
            ProductVersion before = version(versions, left);
            ProductVersion after = version(versions, right);
            model.addAttribute("from", before.version());
            model.addAttribute("to", after.version());
            model.addAttribute("diff", ProductDiff.between(before.content(), after.content()));
        }
        return "partner/product";
    }

    private static ProductVersion version(List<ProductVersion> versions, int number) {
        return versions.stream().filter(v -> v.version() == number).findFirst().orElseThrow(ApiException::notFound);
    }

    private ProductWithVersions own(Portal portal, String id) {
        return IdGenerator.parse(id).flatMap(productId -> products.findWithVersions(portal.tenant(), productId))
                .orElseThrow(ApiException::notFound);
    }

    private static String page(Portal portal, Product product) {
        return portal.home() + "/products/" + product.id();
    }
}
