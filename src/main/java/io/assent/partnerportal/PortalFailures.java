package io.assent.partnerportal;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;

import io.assent.platform.error.ApiException;

/**
 * Failures of portal pages answered as pages: a page asked for without signing in leads to the
 * sign-in; a refusal of a service (another partner's resource is 404, D6) is a page with the same
 * status and message the API would give. Ordered before the API's JSON handler.
 */
@ControllerAdvice(annotations = PartnerPortalPage.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class PortalFailures {

    @ExceptionHandler(SignInRequired.class)
    String signIn() {
        return "redirect:" + Portal.ROOT;
    }

    @ExceptionHandler(ApiException.class)
    String refused(ApiException refused, HttpServletResponse response, Model model) {
        response.setStatus(refused.status().value());
        model.addAttribute("title", refused.status().value() == 404 ? "Not found" : "That did not work");
        model.addAttribute("message", refused.getMessage());
        return "problem";
    }
}
