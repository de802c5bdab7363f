package io.assent.consumer;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import io.assent.platform.config.PublicUrls;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Caller;

/** {@code /me/contacts} (D12, D17): at most {@value ContactService#LIMIT}, listed newest first in D10 pages. */
@RestController
public class ContactsController {

    static final String CONTACTS = PublicUrls.API_PREFIX + "/me/contacts";

    private final ContactService contacts;
    private final ConsumerAccounts accounts;

    public ContactsController(ContactService contacts, ConsumerAccounts accounts) {
        this.contacts = contacts;
        this.accounts = accounts;
    }

    @GetMapping(CONTACTS)
    @PreAuthorize("hasAuthority('SCOPE_consumer.profile.read')")
    public ResponseEntity<List<Contact>> list(@AuthenticationPrincipal Caller caller,
                                           @RequestParam(required = false) String limit,
                                           @RequestParam(required = false) String cursor,
                                           HttpServletRequest request) {
        return MeLists.withLink(contacts.page(accounts.of(caller), PageRequest.of(limit, cursor)), request);
    }

    @PostMapping(CONTACTS)
    @ResponseStatus(HttpStatus.CREATED)
    @PreAuthorize("hasAuthority('SCOPE_consumer.profile.write')")
    public Contact add(@AuthenticationPrincipal Caller caller, @RequestBody NewContact request) {
        return contacts.add(accounts.of(caller), request);
    }

    @PatchMapping(CONTACTS + "/{id}")
    @PreAuthorize("hasAuthority('SCOPE_consumer.profile.write')")
    public Contact update(@AuthenticationPrincipal Caller caller, @PathVariable String id, @RequestBody ContactPatch patch) {
        return contacts.update(accounts.of(caller), id, patch);
    }

    @DeleteMapping(CONTACTS + "/{id}")
    @PreAuthorize("hasAuthority('SCOPE_consumer.profile.write')")
    public Deleted remove(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return Deleted.of(contacts.remove(accounts.of(caller), id));
    }
}
