package io.assent.partnerportal;

import java.util.List;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

@Configuration(proxyBeanMethods = false)
class PortalWebConfiguration implements WebMvcConfigurer {

    private final PortalArgumentResolver portals;

    PortalWebConfiguration(PortalArgumentResolver portals) {
        this.portals = portals;
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(portals);
    }
}
