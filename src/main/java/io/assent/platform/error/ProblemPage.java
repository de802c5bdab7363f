package io.assent.platform.error;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.web.servlet.ModelAndView;

/**
 * The error as a person sees it: a page in the service's look ({@code problem.html}) instead of the
 * D3 JSON body, for browsers asking for HTML anywhere but the API and the IdP's JSON endpoints.
 */
final class ProblemPage {

    private ProblemPage() {
    }

    static boolean isWanted(HttpServletRequest request, String uri) {
        String accept = request.getHeader("Accept");
        return !uri.startsWith("/api/") && !uri.startsWith("/idp/") && accept != null && accept.contains("text/html");
    }

    static ModelAndView of(ApiException error) {
        ModelAndView page = new ModelAndView("problem");
        page.setStatus(error.status());
        page.addObject("title", error.status().value() + " " + error.status().getReasonPhrase());
        page.addObject("message", error.getMessage());
        return page;
    }
}
