package io.assent.partnerportal;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.Page;
import io.assent.platform.pagination.PageRequest;
import io.assent.webhooks.Delivery;
import io.assent.webhooks.DeliveryStatus;
import io.assent.webhooks.EndpointStatus;
import io.assent.webhooks.WebhookDeliveryService;
import io.assent.webhooks.WebhookEndpoint;
import io.assent.webhooks.WebhookEndpointService;
import io.assent.webhooks.WebhookEndpointService.EndpointChange;
import io.assent.webhooks.WebhookEndpointService.EndpointWithSecret;
import io.assent.webhooks.WebhookEndpointService.NewEndpoint;
import io.assent.webhooks.WebhookEvent;

/**
 * The partner's webhooks (D13, D19): endpoints (create, pause and resume, roll the signing secret,
 * disable), and the delivery log with every attempt and a redeliver button. The signing secret
 * is shown once, like a client secret ({@link OneTimeSecret}). Every rule is the webhook services'.
 */
@Controller
@PartnerPortalPage
public class WebhookPagesController {

    static final String WEBHOOKS = Portal.ENV + "/webhooks";
    private static final String ALL_EVENTS = "*";

    /** The endpoint form; no event chosen is refused by the service like an empty list in the API. */
    public record EndpointForm(String url, List<String> events, String description) {

        static final EndpointForm EMPTY = new EndpointForm("", List.of(ALL_EVENTS), "");

        public List<String> chosenEvents() {
            return events == null ? List.of() : events;
        }
    }

    /** The delivery log filters, as the query string carries them; blank means any. */
    public record DeliveryQuery(String endpointId, String event, String status, String cursor) {

        WebhookDeliveryService.DeliveryFilter filter() {
            return new WebhookDeliveryService.DeliveryFilter(
                    blank(endpointId) ? Optional.empty() : Optional.of(IdGenerator.parse(endpointId).orElseThrow(ApiException::notFound)),
                    blank(event) ? Optional.empty() : Optional.of(WebhookEvent.fromWire(event)
                            .orElseThrow(() -> ApiException.invalidRequest("Unknown event '" + event + "'."))),
                    blank(status) ? Optional.empty() : Optional.of(DeliveryStatus.fromWire(status)
                            .orElseThrow(() -> ApiException.invalidRequest("Unknown status '" + status + "'."))),
                    Optional.empty());
        }

        private static boolean blank(String value) {
            return value == null || value.isBlank();
        }
    }

    private final WebhookEndpointService endpoints;
    private final WebhookDeliveryService deliveries;
    private final OneTimeSecret once;

    WebhookPagesController(WebhookEndpointService endpoints, WebhookDeliveryService deliveries, OneTimeSecret once) {
        this.endpoints = endpoints;
        this.deliveries = deliveries;
        this.once = once;
    }

    @GetMapping(WEBHOOKS)
    String list(Portal portal, Model model) {
        return listPage(portal, model, EndpointForm.EMPTY, FormProblems.NONE);
    }

    @PostMapping(WEBHOOKS)
    String create(Portal portal, @ModelAttribute("form") EndpointForm form, HttpServletResponse response, Model model) {
        try {
            EndpointWithSecret created = endpoints.create(portal.tenant(), new NewEndpoint(form.url() == null ? "" : form.url().strip(),
                    form.chosenEvents(), Optional.ofNullable(form.description()).filter(d -> !d.isBlank())));
            String page = page(portal, created.endpoint().id());
            once.keep(response, portal, page, created.secret().orElseThrow());
            return "redirect:" + page + "?created";
        } catch (ApiException refused) {
            response.setStatus(refused.status().value());
            return listPage(portal, model, form, FormProblems.of(refused));
        }
    }

    @GetMapping(WEBHOOKS + "/{id}")
    String endpoint(Portal portal, @PathVariable String id, HttpServletRequest request, HttpServletResponse response, Model model) {
        WebhookEndpoint endpoint = own(portal, id);
        model.addAttribute("endpoint", endpoint);
        model.addAttribute("secret", once.take(request, response, portal, page(portal, endpoint.id())).orElse(null));
        return "partner/webhook";
    }

    @PostMapping(WEBHOOKS + "/{id}/status")
    String status(Portal portal, @PathVariable String id, @RequestParam String status) {
        WebhookEndpoint endpoint = own(portal, id);
        EndpointStatus next = EndpointStatus.fromWire(status).orElseThrow(() -> ApiException.invalidRequest("Unknown status."));
        endpoints.update(portal.tenant(), endpoint.id(), new EndpointChange(Optional.empty(), Optional.empty(), Optional.of(next),
                Optional.empty(), false));
        return "redirect:" + page(portal, endpoint.id()) + "?" + next.wireName();
    }

    @PostMapping(WEBHOOKS + "/{id}/roll-secret")
    String rollSecret(Portal portal, @PathVariable String id, HttpServletResponse response) {
        WebhookEndpoint endpoint = own(portal, id);
        EndpointWithSecret rolled = endpoints.update(portal.tenant(), endpoint.id(), new EndpointChange(Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), true));
        String page = page(portal, endpoint.id());
        once.keep(response, portal, page, rolled.secret().orElseThrow());
        return "redirect:" + page + "?rolled";
    }

    @PostMapping(WEBHOOKS + "/{id}/disable")
    String disable(Portal portal, @PathVariable String id) {
        WebhookEndpoint endpoint = endpoints.disable(portal.tenant(), own(portal, id).id());
        return "redirect:" + page(portal, endpoint.id()) + "?disabled";
    }

    @GetMapping(WEBHOOKS + "/deliveries")
    String deliveryLog(Portal portal, @ModelAttribute("query") DeliveryQuery query, Model model) {
        Page<Delivery> page = deliveries.list(portal.tenant(), query.filter(), PageRequest.of("50", query.cursor()));
        model.addAttribute("deliveries", page.data());
        model.addAttribute("next", page.hasMore() ? page.nextCursor() : null);
        model.addAttribute("endpoints", endpoints.list(portal.tenant(), PageRequest.of("100", null)).data());
        model.addAttribute("events", Arrays.stream(WebhookEvent.values()).map(WebhookEvent::wireName).toList());
        model.addAttribute("statuses", Arrays.stream(DeliveryStatus.values()).map(DeliveryStatus::wireName).toList());
        return "partner/deliveries";
    }

    @PostMapping(WEBHOOKS + "/deliveries/{id}/redeliver")
    String redeliver(Portal portal, @PathVariable String id) {
        UUID deliveryId = IdGenerator.parse(id).orElseThrow(ApiException::notFound);
        Delivery again = deliveries.redeliver(portal.tenant(), deliveryId);
        return "redirect:" + portal.home() + "/webhooks/deliveries?endpointId=" + again.endpointId() + "&redelivered";
    }

    private String listPage(Portal portal, Model model, EndpointForm form, FormProblems problems) {
        model.addAttribute("endpoints", endpoints.list(portal.tenant(), PageRequest.of("100", null)).data());
        model.addAttribute("form", form);
        model.addAttribute("problems", problems);
        model.addAttribute("events", Arrays.stream(WebhookEvent.values()).map(WebhookEvent::wireName).toList());
        return "partner/webhooks";
    }

    private WebhookEndpoint own(Portal portal, String id) {
        return IdGenerator.parse(id).flatMap(endpointId -> endpoints.find(portal.tenant(), endpointId))
                .orElseThrow(ApiException::notFound);
    }

    private static String page(Portal portal, UUID endpointId) {
        return portal.home() + "/webhooks/" + endpointId;
    }
}
