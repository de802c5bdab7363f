package io.assent.partnerportal;

import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.stereotype.Component;

import io.assent.identity.AccountType;
import io.assent.identity.UserAccount;
import io.assent.partners.Partner;
import io.assent.partners.PartnerService;
import io.assent.web.PageSession;

/**
 * Who may use the partner portal: an active staff account (D5) signed in with the pages' cookie
 * session ({@link PageSession}) that is a member of a partner. The partner comes from the
 * membership rule of {@link PartnerService#partnerOfMember}, never from the request.
 */
@Component
public class StaffSession {

    /** A staff member and the one partner whose data they see. */
    public record Staff(UserAccount account, Partner partner) {
    }

    private final PageSession pages;
    private final PartnerService partners;

    StaffSession(PageSession pages, PartnerService partners) {
        this.pages = pages;
        this.partners = partners;
    }

    public Optional<Staff> current(HttpServletRequest request, HttpServletResponse response) {
        return pages.currentUser(request, response).flatMap(this::staff);
    }

    /** The staff member this account is, if it is a staff account with a membership. */
    Optional<Staff> staff(UserAccount account) {
        if (account.accountType() != AccountType.STAFF) {
            return Optional.empty();
        }
        return partners.partnerOfMember(account.email()).map(partner -> new Staff(account, partner));
    }
}
