package io.assent.partnerportal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.assent.partners.Client;
import io.assent.partners.ClientService;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Environment;
import io.assent.products.LifecycleStatus;
import io.assent.products.Product;
import io.assent.products.ProductFilter;
import io.assent.products.ProductService;
import io.assent.sessions.CollectionMethod;
import io.assent.sessions.ConsentSession;
import io.assent.sessions.NewSession;
import io.assent.sessions.SessionFilter;
import io.assent.sessions.SessionService;
import io.assent.sessions.SessionStatus;

/**
 * The partner's consent sessions (D19): a filtered list, and in sandbox a test session made through
 * {@link SessionService#create} as the API makes one, on behalf of one of the partner's clients.
 */
@Controller
@PartnerPortalPage
public class SessionPagesController {

    static final String SESSIONS = Portal.ENV + "/sessions";

    /** The list filters, as the query string carries them; blank means any. */
    public record SessionQuery(String status, String productId, String externalReference, String cursor) {

        SessionFilter filter() {
            return new SessionFilter(blank(status) ? Optional.empty() : Optional.of(SessionStatus.fromWire(status)
                    .orElseThrow(() -> ApiException.invalidRequest("Unknown status '" + status + "'."))),
                    blank(productId) ? Optional.empty() : Optional.of(IdGenerator.parse(productId)
                            .orElseThrow(() -> ApiException.invalidRequest("Unknown product."))),
                    blank(externalReference) ? Optional.empty() : Optional.of(externalReference.strip()));
        }

        private static boolean blank(String value) {
            return value == null || value.isBlank();
        }
    }

    /** The test session form. */
    public record TestSessionForm(String productId, String clientId, String externalReference, String consumerHint,
                                  String returnUrl) {
    }

    private final SessionService sessions;
    private final ProductService products;
    private final ClientService clients;
    private final PublicUrls urls;

    SessionPagesController(SessionService sessions, ProductService products, ClientService clients, PublicUrls urls) {
        this.sessions = sessions;
        this.products = products;
        this.clients = clients;
        this.urls = urls;
    }

    @GetMapping(SESSIONS)
    String list(Portal portal, @ModelAttribute("query") SessionQuery query, @RequestParam Optional<String> created, Model model) {
        return listPage(portal, query, created, FormProblems.NONE, model);
    }

    @PostMapping(SESSIONS)
    String createTestSession(Portal portal, @ModelAttribute TestSessionForm form, HttpServletResponse response, Model model) {
        if (portal.environment() != Environment.SANDBOX) {
            throw new ApiException(HttpStatus.FORBIDDEN, "forbidden",
                    "Test sessions are made in sandbox only; production sessions come from your application.");
        }
        try {
            Client client = clients.findOf(portal.tenant(), form.clientId()).filter(Client::active)
                    .orElseThrow(() -> ApiException.invalidRequest("Choose an active client of this environment."));
            ConsentSession session = sessions.create(portal.tenant(), client.id(), new NewSession(form.productId(),
                    text(form.externalReference()), text(form.returnUrl()), Optional.empty(), text(form.consumerHint()), Map.of()),
                    CollectionMethod.SESSION_PAGE, Optional.empty());
            return "redirect:" + portal.home() + "/sessions?created=" + session.id();
        } catch (ApiException refused) {
            response.setStatus(refused.status().value());
            model.addAttribute("query", new SessionQuery(null, null, null, null));
            return listPage(portal, new SessionQuery(null, null, null, null), Optional.empty(), FormProblems.of(refused), model);
        }
    }

    private String listPage(Portal portal, SessionQuery query, Optional<String> created, FormProblems problems, Model model) {
        Page<ConsentSession> page = sessions.list(portal.tenant(), query.filter(), PageRequest.of("50", query.cursor()));
        List<Product> all = products.list(portal.tenant(), new ProductFilter(Optional.empty(), Set.of()),
                PageRequest.of("100", null)).data();
        Map<UUID, String> names = new HashMap<>();
        all.forEach(p -> names.put(p.id(), p.draft().name()));
        model.addAttribute("sessions", page.data());
        model.addAttribute("next", page.hasMore() ? page.nextCursor() : null);
        model.addAttribute("sessionBase", urls.sessionBase());
        model.addAttribute("statuses", Arrays.stream(SessionStatus.values()).map(SessionStatus::wireName).toList());
        model.addAttribute("products", all);
        model.addAttribute("productNames", names);
        model.addAttribute("published", all.stream().filter(p -> p.lifecycleStatus() == LifecycleStatus.PUBLISHED).toList());
        model.addAttribute("clients", clients.listOf(portal.tenant()).stream().filter(Client::active).toList());
        model.addAttribute("testable", portal.environment() == Environment.SANDBOX);
        model.addAttribute("problems", problems);
        // Where the consumer lands after answering a test session: back here, where its new status shows.
        model.addAttribute("returnUrl", urls.publicUrl() + portal.home() + "/sessions");
        model.addAttribute("created", created.flatMap(IdGenerator::parse).map(id -> urls.sessionBase() + "/" + id).orElse(null));
        return "partner/sessions";
    }

    private static Optional<String> text(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
    }
}
