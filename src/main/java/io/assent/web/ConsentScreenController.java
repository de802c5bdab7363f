package io.assent.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.util.UriComponentsBuilder;

import io.assent.identity.SignInService;
import io.assent.identity.UserAccount;
import io.assent.oauth.AuthorizationCheck;
import io.assent.oauth.AuthorizationRequest;
import io.assent.oauth.AuthorizationService;
import io.assent.oauth.ScopeDescriptions;
import io.assent.platform.error.ApiException;

/**
 * The consent screen at {@code {auth_url}/oauth/authorize} (D1, D4): sign in if needed, see which
 * app asks for what in plain words, approve or deny. Its forms post to this page, which applies the
 * same {@link AuthorizationService} as {@code POST {base_url}/oauth/authorize}; it works without
 * JavaScript and keeps tokens out of the page.
 */
@Controller
public class ConsentScreenController {

    static final String PATH = "/oauth/authorize";
    private static final List<String> PARAMETERS = List.of("response_type", "client_id", "redirect_uri", "scope",
            "state", "code_challenge", "code_challenge_method");

    private final AuthorizationService authorization;
    private final SignInService signIn;
    private final PageSession session;

    public ConsentScreenController(AuthorizationService authorization, SignInService signIn, PageSession session) {
        this.authorization = authorization;
        this.signIn = signIn;
        this.session = session;
    }

    @GetMapping(PATH)
    public String show(@RequestParam Map<String, String> query, HttpServletRequest request,
                       HttpServletResponse response, Model model) {
        return render(query, request, response, model, Optional.empty());
    }

    @PostMapping(PATH + "/sign-in")
    public String signIn(@RequestParam Map<String, String> form, HttpServletRequest request,
                         HttpServletResponse response, Model model) {
        try {
            UserAccount user = signIn.signIn(form.get("email"), form.get("password"), request.getRemoteAddr());
            session.signIn(response, user);
            return "redirect:" + selfLink(form);
        } catch (ApiException refused) {
            response.setStatus(refused.status().value());
            model.addAttribute("email", form.getOrDefault("email", ""));
            return render(form, request, response, model, Optional.of(refused.getMessage()));
        }
    }

    @PostMapping(PATH + "/sign-out")
    public String signOut(@RequestParam Map<String, String> form, HttpServletResponse response) {
        session.signOut(response);
        return "redirect:" + selfLink(form);
    }

    @PostMapping(PATH)
    public String decide(@RequestParam Map<String, String> form, HttpServletRequest request,
                         HttpServletResponse response, Model model) {
        Optional<UserAccount> user = session.currentUser(request, response);
        if (user.isEmpty()) {
            return render(form, request, response, model, Optional.of("Your sign-in has expired; please sign in again."));
        }
        try {
            String redirectTo = authorization.decide(user.get(), request(form), "approve".equals(form.get("decision")));
            return "redirect:" + redirectTo;
        } catch (ApiException broken) {
            return brokenLink(broken, response, model);
        }
    }

    private String render(Map<String, String> parameters, HttpServletRequest request, HttpServletResponse response,
                          Model model, Optional<String> problem) {
        AuthorizationCheck check;
        try {
            check = authorization.check(request(parameters));
        } catch (ApiException broken) {
            return brokenLink(broken, response, model);
        }
        if (check instanceof AuthorizationCheck.Refused refused) {
            return "redirect:" + refused.redirectTo();
        }
        AuthorizationCheck.Valid valid = (AuthorizationCheck.Valid) check;
        model.addAttribute("clientName", valid.client().name());
        model.addAttribute("scopes", valid.scopes().stream().map(ScopeDescriptions::describe).toList());
        model.addAttribute("parameters", carried(parameters));
        model.addAttribute("problem", problem.orElse(null));
        Optional<UserAccount> user = session.currentUser(request, response);
        if (user.isEmpty()) {
            model.addAttribute("email", model.getAttribute("email") == null ? "" : model.getAttribute("email"));
            return "sign-in";
        }
        model.addAttribute("userEmail", user.get().email());
        return "consent";
    }

    private static String brokenLink(ApiException broken, HttpServletResponse response, Model model) {
        response.setStatus(HttpStatus.BAD_REQUEST.value());
        model.addAttribute("title", "This sign-in link does not work");
        model.addAttribute("message", broken.getMessage() + " Go back to the app and try again.");
        return "problem";
    }

    private static AuthorizationRequest request(Map<String, String> parameters) {
        return new AuthorizationRequest(parameters.get("response_type"), parameters.get("client_id"),
                parameters.get("redirect_uri"), parameters.get("scope"), Optional.ofNullable(parameters.get("state")),
                parameters.get("code_challenge"), parameters.get("code_challenge_method"));
    }

    private static Map<String, String> carried(Map<String, String> parameters) {
        Map<String, String> carried = new LinkedHashMap<>();
        PARAMETERS.forEach(name -> Optional.ofNullable(parameters.get(name)).ifPresent(value -> carried.put(name, value)));
        return carried;
    }

    private static String selfLink(Map<String, String> parameters) {
        UriComponentsBuilder link = UriComponentsBuilder.fromPath(PATH);
        carried(parameters).forEach(link::queryParam);
        return link.build().encode().toUriString();
    }
}
