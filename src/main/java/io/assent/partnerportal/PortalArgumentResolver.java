package io.assent.partnerportal;

import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.MethodParameter;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.HandlerMapping;

import io.assent.platform.error.ApiException;
import io.assent.platform.security.Environment;

/**
 * Resolves a {@link Portal} argument: the signed-in staff member (or {@link SignInRequired}) and the
 * environment of the URL. It also gives every page what the layout shows: who is signed in, for
 * which partner, and the link to the same section in the other environment.
 */
@Component
class PortalArgumentResolver implements HandlerMethodArgumentResolver {

    private final StaffSession staff;

    PortalArgumentResolver(StaffSession staff) {
        this.staff = staff;
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == Portal.class;
    }

    @Override
    public Portal resolveArgument(MethodParameter parameter, ModelAndViewContainer model, NativeWebRequest web,
                                  WebDataBinderFactory binders) {
        HttpServletRequest request = web.getNativeRequest(HttpServletRequest.class);
        HttpServletResponse response = web.getNativeResponse(HttpServletResponse.class);
        StaffSession.Staff member = staff.current(request, response).orElseThrow(SignInRequired::new);
        @SuppressWarnings("unchecked")
        Map<String, String> variables = (Map<String, String>) request.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE);
        Environment environment = Environment.fromWire(variables == null ? null : variables.get("env"))
                .orElseThrow(ApiException::notFound);
        Portal portal = new Portal(member.account(), member.partner(), environment);
        if (model != null) {
            Environment other = environment == Environment.SANDBOX ? Environment.PRODUCTION : Environment.SANDBOX;
            model.addAttribute("portal", portal);
            model.addAttribute("env", environment.wireName());
            model.addAttribute("otherEnv", other.wireName());
            model.addAttribute("section", section(request.getRequestURI(), environment));
        }
        return portal;
    }

    /** The section of the page ({@code clients}, {@code products}...): the switch leads to it in the other environment. */
    private static String section(String path, Environment environment) {
        String rest = path.substring(Math.min(path.length(), (Portal.ROOT + "/" + environment.wireName()).length()));
        String[] parts = rest.split("/");
        return parts.length > 1 ? parts[1] : "";
    }
}
