package io.assent.partnerportal;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;

/**
 * A portal page asked for without signing in leads to the sign-in. Ordered before the one error
 * handler, which answers every other failure of a page with the problem page (another partner's
 * resource is 404, D6, with the message the API would give).
 */
@ControllerAdvice(annotations = PartnerPortalPage.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class PortalFailures {

    @ExceptionHandler(SignInRequired.class)
    String signIn() {
        return "redirect:" + Portal.ROOT;
    }
}
