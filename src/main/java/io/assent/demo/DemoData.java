package io.assent.demo;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import io.assent.identity.AccountType;
import io.assent.identity.IdentityService;
import io.assent.identity.NewUser;
import io.assent.partners.ClientCredentials;
import io.assent.partners.ClientService;
import io.assent.partners.ClientType;
import io.assent.partners.NewClient;
import io.assent.partners.Partner;
import io.assent.partners.PartnerService;
import io.assent.platform.config.PublicUrls;
import io.assent.platform.installation.InstallationFacts;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Scopes;
import io.assent.platform.security.SecretDigest;
import io.assent.platform.security.Tenant;
import io.assent.products.DataCategory;
import io.assent.products.Product;
import io.assent.products.ProductContent;
import io.assent.products.ProductService;

/**
 * On the first start of a server with {@code assent.demo=true}: a demo partner with a sandbox
 * client holding every partner scope, a public consumer app, a consumer account and a published
 * product, so that every flow can be tried at once. It runs before the web server opens, so a
 * healthy server always has its demo data. The credentials are printed this one time
 * (secrets are kept only as digests, so they cannot be shown again).
 */
@Component
@ConditionalOnWebApplication
@ConditionalOnProperty(name = "assent.demo", havingValue = "true")
class DemoData implements SmartInitializingSingleton {

    static final String FACT = "demo_data_created";
    static final String CONSUMER_EMAIL = "demo.consumer@example.com";
    static final String OWNER_EMAIL = "owner@demo-lender.example";

    private final InstallationFacts facts;
    private final PartnerService partners;
    private final ClientService clients;
    private final IdentityService identity;
    private final ProductService products;
    private final PublicUrls urls;
    private final TransactionTemplate transaction;

    DemoData(InstallationFacts facts, PartnerService partners, ClientService clients, IdentityService identity,
             ProductService products, PublicUrls urls, TransactionTemplate transaction) {
        this.facts = facts;
        this.partners = partners;
        this.clients = clients;
        this.identity = identity;
        this.products = products;
        this.urls = urls;
        this.transaction = transaction;
    }

    @Override
    public void afterSingletonsInstantiated() {
        if (facts.isRecorded(FACT)) {
            return;
        }
        transaction.executeWithoutResult(tx -> {
            if (!facts.recordOnce(FACT, "true")) {
                return;
            }
            System.out.println(banner(create()));
        });
    }

    private Map<String, String> create() {
        Partner partner = partners.create("Demo Lender", OWNER_EMAIL);
        ClientCredentials partnerClient = clients.create(new NewClient(Optional.of(partner.id()),
                "Demo Lender (sandbox)", ClientType.CONFIDENTIAL, Environment.SANDBOX,
                Set.copyOf(Scopes.PARTNER), List.of(), List.of()));
        ClientCredentials consumerApp = clients.create(new NewClient(Optional.empty(), "Assent Demo App",
                ClientType.PUBLIC, Environment.SANDBOX, Set.copyOf(withOpenId(Scopes.CONSUMER)),
                List.of(urls.publicUrl() + "/demo/callback"), List.of()));
        String password = SecretDigest.newSecret("").substring(0, 20);
        identity.create(new NewUser(CONSUMER_EMAIL, password, AccountType.CONSUMER,
                Optional.of("Dana"), Optional.of("Demo")));
        // The owner is a member of the partner (PartnerService), so this staff account runs its portal.
        String staffPassword = SecretDigest.newSecret("").substring(0, 20);
        identity.create(new NewUser(OWNER_EMAIL, staffPassword, AccountType.STAFF, Optional.of("Olu"), Optional.of("Owner")));
        Product product = products.createDraft(new Tenant(partner.id(), Environment.SANDBOX), new ProductContent(
                "Personal loan pre-approval", Optional.of("A quick pre-approval for a personal loan."),
                Optional.of("To check your identity and address and to assess your loan application."),
                List.of(DataCategory.PROFILE, DataCategory.CONTACTS, DataCategory.ADDRESSES, DataCategory.DOCUMENTS),
                Optional.of(90), Map.of()));
        products.publish(product.tenant(), product.id());
        return new java.util.LinkedHashMap<>(Map.of(
                "partner_id", partner.id().toString(),
                "partner_client_id", partnerClient.clientId(),
                "partner_client_secret", partnerClient.clientSecret().orElseThrow(),
                "consumer_app_client_id", consumerApp.clientId(),
                "consumer_email", CONSUMER_EMAIL,
                "consumer_password", password,
                "product_id", product.id().toString(),
                "staff_email", OWNER_EMAIL,
                "staff_password", staffPassword));
    }

    private String banner(Map<String, String> created) {
        return """

                ================================ Assent demo data ================================
                Created once, on this first start. Secrets are stored hashed: copy them now.

                  API base URL            %s
                  Demo partner            %s (Demo Lender)
                  Partner client (sandbox, confidential, every partner and sessions scope)
                    client_id             %s
                    client_secret         %s
                  Consumer app (public, PKCE, redirect URI %s/demo/callback)
                    client_id             %s
                  Consumer account        %s
                    password              %s
                  Published product       %s (Personal loan pre-approval)
                  Partner portal          %s/partner (staff of Demo Lender)
                    e-mail                %s
                    password              %s

                  Try: curl -u '%s:%s' %s/health
                ==================================================================================
                """.formatted(urls.baseUrl(), created.get("partner_id"), created.get("partner_client_id"),
                created.get("partner_client_secret"), urls.publicUrl(), created.get("consumer_app_client_id"),
                created.get("consumer_email"), created.get("consumer_password"), created.get("product_id"),
                urls.publicUrl(), created.get("staff_email"), created.get("staff_password"),
                created.get("partner_client_id"), created.get("partner_client_secret"), urls.baseUrl());
    }

    private static Set<String> withOpenId(List<String> scopes) {
        Set<String> all = new java.util.LinkedHashSet<>(scopes);
        all.add(Scopes.OPENID);
        return all;
    }
}
