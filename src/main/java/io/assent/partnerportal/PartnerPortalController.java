package io.assent.partnerportal;

import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;

import io.assent.identity.SignInService;
import io.assent.identity.UserAccount;
import io.assent.platform.error.ApiException;
import io.assent.web.PageSession;

/**
 * Signing in and out of the partner portal, and its overview. Signing in is the built-in IdP's
 * password check (with its throttling); only a staff account that is a member of a partner gets in.
 */
@Controller
@PartnerPortalPage
class PartnerPortalController {

    /** The sign-in form. */
    record SignInForm(String email, String password) {
    }

    private final PageSession pages;
    private final StaffSession staff;
    private final SignInService signIn;

    PartnerPortalController(PageSession pages, StaffSession staff, SignInService signIn) {
        this.pages = pages;
        this.staff = staff;
        this.signIn = signIn;
    }

    @GetMapping(Portal.ROOT)
    String start(HttpServletRequest request, HttpServletResponse response, Model model) {
        if (staff.current(request, response).isPresent()) {
            return "redirect:" + Portal.ROOT + "/sandbox";
        }
        model.addAttribute("email", "");
        return "partner/sign-in";
    }

    @PostMapping(Portal.ROOT + "/sign-in")
    String signIn(@ModelAttribute SignInForm form, HttpServletRequest request, HttpServletResponse response, Model model) {
        try {
            UserAccount account = signIn.signIn(form.email(), form.password(), request.getRemoteAddr());
            Optional<StaffSession.Staff> member = staff.staff(account);
            if (member.isEmpty()) {
                return refused(response, model, form, HttpStatus.FORBIDDEN,
                        "This account is not a staff member of any partner. Ask your administrator to add you.");
            }
            pages.signIn(response, account);
            return "redirect:" + Portal.ROOT + "/sandbox";
        } catch (ApiException refused) {
            return refused(response, model, form, refused.status(), refused.getMessage());
        }
    }

    @PostMapping(Portal.ROOT + "/sign-out")
    String signOut(HttpServletResponse response) {
        pages.signOut(response);
        return "redirect:" + Portal.ROOT;
    }

    @GetMapping(Portal.ENV)
    String overview(Portal portal) {
        return "partner/overview";
    }

    private static String refused(HttpServletResponse response, Model model, SignInForm form, HttpStatus status, String message) {
        response.setStatus(status.value());
        model.addAttribute("email", form.email() == null ? "" : form.email());
        model.addAttribute("problem", message);
        return "partner/sign-in";
    }
}
