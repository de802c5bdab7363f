package io.assent.web;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.util.UriComponentsBuilder;

import io.assent.identity.AccountType;
import io.assent.identity.IdentityService;
import io.assent.identity.NewUser;
import io.assent.identity.SignInService;
import io.assent.identity.UserAccount;
import io.assent.platform.error.ApiException;
import io.assent.platform.security.ApiSecurityConfiguration;
import io.assent.products.DataCategory;
import io.assent.sessions.CollectionMethod;
import io.assent.sessions.ConsentSession;
import io.assent.sessions.SessionDescription;
import io.assent.sessions.SessionService;
import io.assent.sessions.SessionStatus;

/**
 * The hosted session page {@code {session_base}/{id}} (D1, D7): the consumer signs in or signs up,
 * reads who asks for which data and why, and approves or denies; then goes back to the partner's
 * {@code return_url}. A session that cannot be answered any more gets a plain page saying why.
 */
@Controller
public class SessionPageController {

    private static final Map<DataCategory, String> CATEGORY_WORDS = Map.of(
            DataCategory.PROFILE, "Your name, e-mail address and phone number",
            DataCategory.CONTACTS, "Your contact details (e-mail addresses and phone numbers)",
            DataCategory.ADDRESSES, "Your addresses",
            DataCategory.DOCUMENTS, "Your documents (such as identity documents and statements)");

    private final SessionService sessions;
    private final SignInService signIn;
    private final IdentityService identity;
    private final PageSession pageSession;

    public SessionPageController(SessionService sessions, SignInService signIn, IdentityService identity, PageSession pageSession) {
        this.sessions = sessions;
        this.signIn = signIn;
        this.identity = identity;
        this.pageSession = pageSession;
    }

    @GetMapping("/s/{id}")
    public String show(@PathVariable String id, @RequestParam(required = false) String embed,
                       @RequestParam(required = false) String form, HttpServletRequest request,
                       HttpServletResponse response, Model model) {
        return render(id, embed, request, response, model, Optional.empty(), "sign-up".equals(form) ? "sign-up" : "sign-in");
    }

    @PostMapping("/s/{id}/sign-in")
    public String signIn(@PathVariable String id, @RequestParam Map<String, String> form, HttpServletRequest request,
                         HttpServletResponse response, Model model) {
        try {
            pageSession.signIn(response, signIn.signIn(form.get("email"), form.get("password"), request.getRemoteAddr()));
            return "redirect:" + self(id, form.get("embed"));
        } catch (ApiException refused) {
            response.setStatus(refused.status().value());
            model.addAttribute("email", form.getOrDefault("email", ""));
            return render(id, form.get("embed"), request, response, model, Optional.of(refused.getMessage()), "sign-in");
        }
    }

    @PostMapping("/s/{id}/sign-up")
    public String signUp(@PathVariable String id, @RequestParam Map<String, String> form, HttpServletRequest request,
                         HttpServletResponse response, Model model) {
        try {
            UserAccount user = identity.create(new NewUser(form.get("email"), form.get("password"), AccountType.CONSUMER,
                    Optional.ofNullable(form.get("first_name")).filter(s -> !s.isBlank()),
                    Optional.ofNullable(form.get("last_name")).filter(s -> !s.isBlank())));
            pageSession.signIn(response, user);
            return "redirect:" + self(id, form.get("embed"));
        } catch (ApiException refused) {
            response.setStatus(refused.status().value());
            model.addAttribute("email", form.getOrDefault("email", ""));
            String problem = refused.details().isEmpty() ? refused.getMessage()
                    : refused.details().stream().map(d -> d.field().replace('_', ' ') + " " + d.message()).reduce((a, b) -> a + "; " + b).orElse("");
            return render(id, form.get("embed"), request, response, model, Optional.of(problem), "sign-up");
        }
    }

    @PostMapping("/s/{id}/answer")
    public String answer(@PathVariable String id, @RequestParam Map<String, String> form, HttpServletRequest request,
                         HttpServletResponse response, Model model) {
        Optional<UserAccount> user = pageSession.currentUser(request, response);
        if (user.isEmpty()) {
            return render(id, form.get("embed"), request, response, model,
                    Optional.of("Your sign-in has expired; please sign in again."), "sign-in");
        }
        String embed = form.get("embed");
        CollectionMethod method = embed == null ? CollectionMethod.SESSION_PAGE : CollectionMethod.EMBED;
        SessionDescription answered;
        try {
            answered = "approve".equals(form.get("decision"))
                    ? sessions.approve(user.get(), id, method)
                    : sessions.deny(user.get(), id, method);
        } catch (ApiException refused) {
            return render(id, embed, request, response, model, Optional.empty(), "sign-in");
        }
        ConsentSession session = answered.session();
        if (session.returnUrl().isPresent()) {
            return "redirect:" + UriComponentsBuilder.fromUriString(session.returnUrl().get())
                    .queryParam("session_id", session.id()).queryParam("status", session.status().wireName())
                    .build().encode().toUriString();
        }
        return render(id, embed, request, response, model, Optional.empty(), "sign-in");
    }

    @PostMapping("/s/{id}/sign-out")
    public String signOut(@PathVariable String id, @RequestParam Map<String, String> form, HttpServletResponse response) {
        pageSession.signOut(response);
        return "redirect:" + self(id, form.get("embed"));
    }

    private String render(String id, String embed, HttpServletRequest request, HttpServletResponse response, Model model,
                          Optional<String> problem, String form) {
        Optional<ConsentSession> found = sessions.find(id);
        if (found.isEmpty()) {
            return state(response, model, HttpStatus.NOT_FOUND, "This request does not exist",
                    "The link may be mistyped. Go back to the company that sent you and start again.");
        }
        allowFraming(found.get(), embed, request, response);
        model.addAttribute("embed", embed);
        model.addAttribute("problem", problem.orElse(null));
        Optional<UserAccount> user = pageSession.currentUser(request, response);
        if (user.isPresent()) {
            try {
                SessionDescription described = sessions.open(user.get(), id);
                return page(described, user.get(), response, model);
            } catch (ApiException notYours) {
                SessionDescription described = sessions.describe(sessions.asOfNow(found.get()));
                if (described.session().consumerId().isEmpty() && described.session().status() != SessionStatus.PENDING) {
                    return answeredState(described, response, model);
                }
                model.addAttribute("userEmail", user.get().email());
                return state(response, model, HttpStatus.NOT_FOUND, "This request is for someone else",
                        "You are signed in as " + user.get().email() + ", but this request was opened by, or meant for, another account.");
            }
        }
        SessionDescription described = sessions.describe(sessions.asOfNow(found.get()));
        if (described.session().status() != SessionStatus.PENDING) {
            return answeredState(described, response, model);
        }
        describe(described, model);
        model.addAttribute("form", form);
        model.addAttribute("email", Optional.ofNullable(model.getAttribute("email")).orElse(""));
        return "session-sign-in";
    }

    private String page(SessionDescription described, UserAccount user, HttpServletResponse response, Model model) {
        if (described.session().status() != SessionStatus.PENDING) {
            return answeredState(described, response, model);
        }
        describe(described, model);
        model.addAttribute("userEmail", user.email());
        return "session";
    }

    private String answeredState(SessionDescription described, HttpServletResponse response, Model model) {
        String partner = described.partner().name();
        model.addAttribute("status", described.session().status().wireName());
        model.addAttribute("postTo", described.session().embedOrigin().orElse(null));
        model.addAttribute("sessionId", described.session().id().toString());
        return switch (described.session().status()) {
            case GRANTED -> state(response, model, HttpStatus.OK, "You shared your data with " + partner,
                    "You can stop sharing at any time from your Assent account.");
            case DENIED -> state(response, model, HttpStatus.OK, "You declined this request",
                    partner + " will not receive your data.");
            case EXPIRED -> state(response, model, HttpStatus.GONE, "This request has expired",
                    "Go back to " + partner + " and start again.");
            case REVOKED -> state(response, model, HttpStatus.GONE, "This request was withdrawn",
                    "It can no longer be answered.");
            case PENDING -> throw new IllegalStateException("pending sessions are answered, not shown as a state");
        };
    }

    private static void describe(SessionDescription described, Model model) {
        var content = described.product().content();
        model.addAttribute("sessionId", described.session().id().toString());
        model.addAttribute("partnerName", described.partner().name());
        model.addAttribute("productName", content.name());
        model.addAttribute("purpose", content.purpose().orElse(""));
        model.addAttribute("retentionDays", content.retentionDays().orElse(null));
        List<String> categories = content.dataCategories().stream().map(CATEGORY_WORDS::get).toList();
        model.addAttribute("categories", categories);
        model.addAttribute("expiresAt", described.session().expiresAt());
    }

    private static String state(HttpServletResponse response, Model model, HttpStatus status, String title, String message) {
        response.setStatus(status.value());
        model.addAttribute("title", title);
        model.addAttribute("message", message);
        return "session-state";
    }

    /** D19: a session page opened with its embed token may be framed by the embedding origin, and only by it. */
    private void allowFraming(ConsentSession session, String embed, HttpServletRequest request, HttpServletResponse response) {
        sessions.embeddingOrigin(session, embed).ifPresent(origin -> {
            request.setAttribute(ApiSecurityConfiguration.FRAMED_BY, origin);
            response.setHeader("Content-Security-Policy", ApiSecurityConfiguration.PAGE_POLICY + "; frame-ancestors " + origin);
        });
    }

    private static String self(String id, String embed) {
        UriComponentsBuilder link = UriComponentsBuilder.fromPath("/s/{id}");
        if (embed != null && !embed.isBlank()) {
            link.queryParam("embed", embed);
        }
        return link.buildAndExpand(id).encode().toUriString();
    }
}
