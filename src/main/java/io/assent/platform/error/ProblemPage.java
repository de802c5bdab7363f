package io.assent.platform.error;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.ModelAndView;

/**
 * The error as a person sees it: a page in the service's look ({@code problem.html}) instead of the
 * D3 JSON body, for the portals' and consent pages' controllers, and for browsers asking for HTML
 * anywhere but the API and the IdP's JSON endpoints.
 */
final class ProblemPage {

    private ProblemPage() {
    }

    static boolean isWanted(HttpServletRequest request, String uri) {
        String accept = request.getHeader("Accept");
        return !uri.startsWith("/api/") && !uri.startsWith("/idp/") && accept != null && accept.contains("text/html");
    }

    /** Whether the failure comes from a controller of pages (not of JSON answers). */
    static boolean isPageController(@Nullable HandlerMethod handler) {
        return handler != null && !handler.hasMethodAnnotation(ResponseBody.class)
                && !AnnotatedElementUtils.hasAnnotation(handler.getBeanType(), ResponseBody.class);
    }

    static ModelAndView of(ApiException error) {
        ModelAndView page = new ModelAndView("problem");
        page.setStatus(error.status());
        page.addObject("title", error.status().value() + " " + error.status().getReasonPhrase());
        page.addObject("message", error.getMessage());
        return page;
    }
}
