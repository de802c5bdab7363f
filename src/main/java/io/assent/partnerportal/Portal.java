package io.assent.partnerportal;

import io.assent.identity.UserAccount;
import io.assent.partners.Partner;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Tenant;

/**
 * A signed-in staff member on a portal page: the partner they are a member of and the environment
 * the page's URL names. Handlers take it as an argument ({@link PortalArgumentResolver}); a page
 * without one is never reached by someone who is not signed in.
 */
public record Portal(UserAccount account, Partner partner, Environment environment) {

    public static final String ROOT = "/partner";
    /** The environment segment every portal page below the sign-in has. */
    public static final String ENV = ROOT + "/{env:sandbox|production}";

    /** The boundary every query of the page keeps (D6). */
    public Tenant tenant() {
        return new Tenant(partner.id(), environment);
    }

    /** Who a change made on the page is recorded as (D18: the staff e-mail). */
    public String actor() {
        return account.email();
    }

    /** The root of this environment's pages, for redirects. */
    public String home() {
        return ROOT + "/" + environment.wireName();
    }
}
