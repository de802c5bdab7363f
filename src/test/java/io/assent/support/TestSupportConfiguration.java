package io.assent.support;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

import io.assent.identity.IdentityService;
import io.assent.partners.ClientService;
import io.assent.partners.PartnerService;
import io.assent.products.ProductService;

/** Beans the HTTP tests add to the service: the movable clock and the fixtures. */
@TestConfiguration(proxyBeanMethods = false)
public class TestSupportConfiguration {

    @Bean
    @Primary
    MutableClock mutableClock() {
        return new MutableClock();
    }

    @Bean
    Fixtures fixtures(PartnerService partners, ClientService clients, IdentityService identity, ProductService products) {
        return new Fixtures(partners, clients, identity, products);
    }
}
