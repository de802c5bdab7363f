package io.assent.partnerportal;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;

import io.assent.partners.Client;
import io.assent.partners.ClientCredentials;
import io.assent.partners.ClientService;
import io.assent.partners.ClientType;
import io.assent.partners.NewClient;
import io.assent.platform.error.ApiException;
import io.assent.platform.security.Scopes;

/**
 * The partner's OAuth clients (D19): register one (the secret is shown once, on the client's page
 * right after), rotate its secret (the old one works 24 more hours) and disable it, all through
 * {@link ClientService}.
 */
@Controller
@PartnerPortalPage
public class ClientPagesController {

    static final String CLIENTS = Portal.ENV + "/clients";

    /** The registration form; URIs and origins one a line. */
    public record ClientForm(String name, String type, List<String> scopes, String redirectUris, String allowedOrigins) {

        static final ClientForm EMPTY = new ClientForm("", "confidential", List.of(), "", "");

        public List<String> chosenScopes() {
            return scopes == null ? List.of() : scopes;
        }
    }

    private final ClientService clients;
    private final OneTimeSecret once;

    ClientPagesController(ClientService clients, OneTimeSecret once) {
        this.clients = clients;
        this.once = once;
    }

    @GetMapping(CLIENTS)
    String list(Portal portal, Model model) {
        return listPage(portal, model, ClientForm.EMPTY, FormProblems.NONE);
    }

    @PostMapping(CLIENTS)
    String create(Portal portal, @ModelAttribute("form") ClientForm form, HttpServletResponse response, Model model) {
        try {
            ClientType type = ClientType.fromWire(form.type()).orElseThrow(() -> ApiException.invalidRequest(
                    "Choose whether the client is confidential or public."));
            ClientCredentials created = clients.create(new NewClient(Optional.of(portal.partner().id()), form.name(), type,
                    portal.environment(), Set.copyOf(form.chosenScopes()), lines(form.redirectUris()), lines(form.allowedOrigins())));
            String page = page(portal, created.clientId());
            created.clientSecret().ifPresent(secret -> once.keep(response, portal, page, secret));
            return "redirect:" + page + "?created";
        } catch (ApiException refused) {
            response.setStatus(refused.status().value());
            return listPage(portal, model, form, FormProblems.of(refused));
        }
    }

    @GetMapping(CLIENTS + "/{id}")
    String client(Portal portal, @PathVariable String id, HttpServletRequest request, HttpServletResponse response, Model model) {
        Client client = own(portal, id);
        model.addAttribute("client", client);
        model.addAttribute("secret", once.take(request, response, portal, page(portal, client.clientId())).orElse(null));
        return "partner/client";
    }

    @PostMapping(CLIENTS + "/{id}/rotate")
    String rotate(Portal portal, @PathVariable String id, HttpServletResponse response) {
        Client client = own(portal, id);
        ClientCredentials rotated = clients.rotateSecret(client.clientId());
        String page = page(portal, client.clientId());
        once.keep(response, portal, page, rotated.clientSecret().orElseThrow());
        return "redirect:" + page + "?rotated";
    }

    @PostMapping(CLIENTS + "/{id}/disable")
    String disable(Portal portal, @PathVariable String id) {
        Client client = clients.disable(portal.tenant(), id);
        return "redirect:" + page(portal, client.clientId()) + "?disabled";
    }

    private String listPage(Portal portal, Model model, ClientForm form, FormProblems problems) {
        model.addAttribute("clients", clients.listOf(portal.tenant()));
        model.addAttribute("form", form);
        model.addAttribute("problems", problems);
        model.addAttribute("partnerScopes", Scopes.PARTNER);
        model.addAttribute("consumerScopes", Scopes.CONSUMER);
        return "partner/clients";
    }

    private Client own(Portal portal, String id) {
        return clients.findOf(portal.tenant(), id).orElseThrow(ApiException::notFound);
    }

    private static String page(Portal portal, String clientId) {
        return portal.home() + "/clients/" + clientId;
    }

    private static List<String> lines(String text) {
        return text == null ? List.of() : Arrays.stream(text.split("\\s+")).filter(s -> !s.isBlank()).toList();
    }
}
