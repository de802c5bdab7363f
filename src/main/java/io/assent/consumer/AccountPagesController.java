package io.assent.consumer;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.assent.identity.SignInService;
import io.assent.identity.UserAccount;
import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.pagination.PageRequest;
import io.assent.sessions.Grant;
import io.assent.sessions.SessionService;
import io.assent.trust.ReceiptService;
import io.assent.web.PageSession;

/**
 * The consumer portal at {@code <public-url>/account} (D19): sign-in with the built-in IdP, an
 * overview, the profile (edit, with the API's own validation messages next to the fields), grants
 * with their access log, their signed consent receipts (D20) to download and a confirmed Revoke,
 * the activity history and notifications. Every
 * action calls the same services as the API; forms carry the CSRF token of the page chain.
 */
@Controller
public class AccountPagesController {

    static final String ROOT = "/account";

    private final PageSession pageSession;
    private final SignInService signIn;
    private final ProfileService profiles;
    private final HistoryService history;
    private final NotificationService notifications;
    private final SessionService sessions;
    private final GrantAccessLog accessLog;
    private final ReceiptService receipts;

    public AccountPagesController(PageSession pageSession, SignInService signIn, ProfileService profiles,
                                  HistoryService history, NotificationService notifications, SessionService sessions,
                                  GrantAccessLog accessLog, ReceiptService receipts) {
        this.pageSession = pageSession;
        this.signIn = signIn;
        this.profiles = profiles;
        this.history = history;
        this.notifications = notifications;
        this.sessions = sessions;
        this.accessLog = accessLog;
        this.receipts = receipts;
    }

    @GetMapping(ROOT)
    public String overview(HttpServletRequest request, HttpServletResponse response, Model model) {
        Optional<UserAccount> user = pageSession.currentUser(request, response);
        if (user.isEmpty()) {
            model.addAttribute("email", "");
            return "account/sign-in";
        }
        model.addAttribute("profile", profiles.read(user.get()));
        model.addAttribute("unread", notifications.list(user.get(), true, PageRequest.of("100", null)).data().size());
        return page(model, user.get(), "account/overview");
    }

    @PostMapping(ROOT + "/sign-in")
    public String signIn(@RequestParam Map<String, String> form, HttpServletRequest request, HttpServletResponse response,
                         Model model) {
        try {
            pageSession.signIn(response, signIn.signIn(form.get("email"), form.get("password"), request.getRemoteAddr()));
            return "redirect:" + ROOT;
        } catch (ApiException refused) {
            response.setStatus(refused.status().value());
            model.addAttribute("email", form.getOrDefault("email", ""));
            model.addAttribute("problem", refused.getMessage());
            return "account/sign-in";
        }
    }

    @PostMapping(ROOT + "/sign-out")
    public String signOut(HttpServletResponse response) {
        pageSession.signOut(response);
        return "redirect:" + ROOT;
    }

    @GetMapping(ROOT + "/profile")
    public String profile(HttpServletRequest request, HttpServletResponse response, Model model) {
        return signedIn(request, response).map(user -> {
            ProfileView profile = profiles.read(user);
            model.addAttribute("form", Map.of("first_name", orEmpty(profile.firstName()), "last_name", orEmpty(profile.lastName()),
                    "email", orEmpty(profile.email()), "phone", orEmpty(profile.phone())));
            model.addAttribute("errors", Map.of());
            return page(model, user, "account/profile");
        }).orElse("redirect:" + ROOT);
    }

    @PostMapping(ROOT + "/profile")
    public String saveProfile(@RequestParam Map<String, String> form, HttpServletRequest request,
                              HttpServletResponse response, Model model) {
        Optional<UserAccount> user = signedIn(request, response);
        if (user.isEmpty()) {
            return "redirect:" + ROOT;
        }
        ProfilePatch patch = new ProfilePatch();
        patch.setFirstName(blankAsNull(form.get("first_name")));
        patch.setLastName(blankAsNull(form.get("last_name")));
        patch.setPhone(blankAsNull(form.get("phone")));
        patch.setEmail(form.get("email") == null ? null : form.get("email").strip());
        try {
            profiles.update(user.get(), patch);
            return "redirect:" + ROOT + "/profile?saved";
        } catch (ApiException refused) {
            response.setStatus(refused.status().value());
            Map<String, String> errors = new LinkedHashMap<>();
            for (FieldProblem problem : refused.details()) {
                errors.put(problem.field(), problem.message());
            }
            if (errors.isEmpty()) {
                errors.put("email", refused.getMessage());
            }
            model.addAttribute("form", form);
            model.addAttribute("errors", errors);
            return page(model, user.get(), "account/profile");
        }
    }

    @GetMapping(ROOT + "/grants")
    public String grants(HttpServletRequest request, HttpServletResponse response, Model model) {
        return signedIn(request, response).map(user -> {
            List<Grant> grants = sessions.grantsOf(user, PageRequest.of("100", null)).data();
            Map<UUID, GrantAccessLog.Summary> reads = accessLog.summaries(grants.stream().map(Grant::id).toList());
            model.addAttribute("grants", grants.stream().map(g -> view(g, reads.getOrDefault(g.id(), GrantAccessLog.Summary.NONE))).toList());
            return page(model, user, "account/grants");
        }).orElse("redirect:" + ROOT);
    }

    @GetMapping(ROOT + "/grants/{id}")
    public String grant(@PathVariable String id, HttpServletRequest request, HttpServletResponse response, Model model) {
        return signedIn(request, response).map(user -> {
            Grant grant = ownGrant(user, id);
            model.addAttribute("grant", view(grant, accessLog.summary(grant.id())));
            model.addAttribute("accesses", accessLog.accesses(grant.id(), PageRequest.of("100", null)).data());
            model.addAttribute("receipts", receipts.ofSession(grant.sessionId()).stream().map(receipts::summary).toList());
            return page(model, user, "account/grant");
        }).orElse("redirect:" + ROOT);
    }

    /** One receipt of the grant as a file: the compact JWS, which anyone can verify offline (D20). */
    @GetMapping(ROOT + "/grants/{id}/receipts/{receiptId}")
    public ResponseEntity<String> receipt(@PathVariable String id, @PathVariable String receiptId,
                                          HttpServletRequest request, HttpServletResponse response) {
        Optional<UserAccount> user = signedIn(request, response);
        if (user.isEmpty()) {
            return ResponseEntity.status(HttpStatus.FOUND).header(HttpHeaders.LOCATION, ROOT).build();
        }
        Grant grant = ownGrant(user.get(), id);
        return receipts.ofSession(grant.sessionId(), receiptId)
                .map(receipt -> ResponseEntity.ok()
                        .contentType(MediaType.parseMediaType("application/jwt"))
                        .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment()
                                .filename("consent-receipt-" + receipt.id() + ".jwt").build().toString())
                        .header(HttpHeaders.CACHE_CONTROL, "no-store")
                        .body(receipt.jws()))
                .orElseThrow(ApiException::notFound);
    }

    @GetMapping(ROOT + "/grants/{id}/revoke")
    public String confirmRevoke(@PathVariable String id, HttpServletRequest request, HttpServletResponse response, Model model) {
        return signedIn(request, response).map(user -> {
            model.addAttribute("grant", view(ownGrant(user, id), GrantAccessLog.Summary.NONE));
            return page(model, user, "account/revoke");
        }).orElse("redirect:" + ROOT);
    }

    @PostMapping(ROOT + "/grants/{id}/revoke")
    public String revoke(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
        return signedIn(request, response).map(user -> {
            Grant grant = ownGrant(user, id);
            sessions.revokeByConsumer(user, grant.sessionId().toString());
            return "redirect:" + ROOT + "/grants/" + grant.id() + "?revoked";
        }).orElse("redirect:" + ROOT);
    }

    /** Where notifications point: the grant of that consent, or the list when it has none. */
    @GetMapping(ROOT + "/consents/{sessionId}")
    public String consent(@PathVariable String sessionId, HttpServletRequest request, HttpServletResponse response) {
        return signedIn(request, response).map(user -> IdGenerator.parse(sessionId).flatMap(sessions::grantOf)
                        .filter(g -> g.consumerId().equals(user.id()))
                        .map(g -> "redirect:" + ROOT + "/grants/" + g.id())
                        .orElse("redirect:" + ROOT + "/notifications"))
                .orElse("redirect:" + ROOT);
    }

    @GetMapping(ROOT + "/activity")
    public String activity(HttpServletRequest request, HttpServletResponse response, Model model) {
        return signedIn(request, response).map(user -> {
            model.addAttribute("events", history.list(user, PageRequest.of("100", null)).data());
            return page(model, user, "account/activity");
        }).orElse("redirect:" + ROOT);
    }

    @GetMapping(ROOT + "/notifications")
    public String notifications(HttpServletRequest request, HttpServletResponse response, Model model) {
        return signedIn(request, response).map(user -> {
            model.addAttribute("notifications", notifications.list(user, false, PageRequest.of("100", null)).data());
            return page(model, user, "account/notifications");
        }).orElse("redirect:" + ROOT);
    }

    @PostMapping(ROOT + "/notifications/{id}/read")
    public String markRead(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
        return signedIn(request, response).map(user -> {
            notifications.markRead(user, id);
            return "redirect:" + ROOT + "/notifications";
        }).orElse("redirect:" + ROOT);
    }

    private Optional<UserAccount> signedIn(HttpServletRequest request, HttpServletResponse response) {
        return pageSession.currentUser(request, response);
    }

    private Grant ownGrant(UserAccount user, String id) {
        return IdGenerator.parse(id).flatMap(grantId -> sessions.grantOf(user, grantId)).orElseThrow(ApiException::notFound);
    }

    private ConsentViews.GrantView view(Grant grant, GrantAccessLog.Summary reads) {
        return ConsentViews.grant(grant, sessions.describe(sessions.find(grant.sessionId().toString()).orElseThrow()), reads);
    }

    private static String page(Model model, UserAccount user, String template) {
        model.addAttribute("userEmail", user.email());
        return template;
    }

    private static String orEmpty(String text) {
        return text == null ? "" : text;
    }

    private static String blankAsNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
