package io.assent.support;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import io.assent.identity.AccountType;
import io.assent.identity.IdentityService;
import io.assent.identity.NewUser;
import io.assent.identity.UserAccount;
import io.assent.partners.ClientCredentials;
import io.assent.partners.ClientService;
import io.assent.partners.ClientType;
import io.assent.partners.NewClient;
import io.assent.partners.Partner;
import io.assent.partners.PartnerService;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import io.assent.platform.security.Tenant;
import io.assent.products.DataCategory;
import io.assent.products.Product;
import io.assent.products.ProductContent;
import io.assent.products.ProductService;

/** Test data made through the features' own services, each piece unique so tests never collide. */
public class Fixtures {

    private final PartnerService partners;
    private final ClientService clients;
    private final IdentityService identity;
    private final ProductService products;

    public Fixtures(PartnerService partners, ClientService clients, IdentityService identity, ProductService products) {
        this.partners = partners;
        this.clients = clients;
        this.identity = identity;
        this.products = products;
    }

    /** A published product (version 1) of the tenant asking for these categories. */
    public UUID publishedProduct(Tenant tenant, DataCategory... categories) {
        Product product = products.createDraft(tenant, new ProductContent("Loan " + UUID.randomUUID().toString().substring(0, 8),
                Optional.of("A personal loan."), Optional.of("To assess your application."), List.of(categories),
                Optional.of(90), java.util.Map.of()));
        products.publish(tenant, product.id());
        return product.id();
    }

    public ProductService products() {
        return products;
    }

    public Partner partner() {
        return partners.create("Partner " + UUID.randomUUID(), "owner-" + UUID.randomUUID() + "@partner.example");
    }

    /** A confidential sandbox client of a new partner with every partner scope. */
    public ClientCredentials partnerClient() {
        return partnerClient(partner(), Environment.SANDBOX, Set.copyOf(Scopes.PARTNER));
    }

    public ClientCredentials partnerClient(Partner partner, Environment environment, Set<String> scopes) {
        return clients.create(new NewClient(Optional.of(partner.id()), "Client " + UUID.randomUUID(),
                ClientType.CONFIDENTIAL, environment, scopes, List.of(), List.of()));
    }

    public UserAccount consumer(String password) {
        return identity.create(new NewUser("consumer-" + UUID.randomUUID() + "@example.com", password,
                AccountType.CONSUMER, Optional.of("Casey"), Optional.of("Consumer")));
    }
}
