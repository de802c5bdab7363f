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

/** {@code /me/addresses} (D12, D17): at most {@value AddressService#LIMIT}, listed newest first in D10 pages. */
@RestController
public class AddressesController {

    static final String ADDRESSES = PublicUrls.API_PREFIX + "/me/addresses";

    private final AddressService addresses;
    private final ConsumerAccounts accounts;

    public AddressesController(AddressService addresses, ConsumerAccounts accounts) {
        this.addresses = addresses;
        this.accounts = accounts;
    }

    @GetMapping(ADDRESSES)
    @PreAuthorize("hasAuthority('SCOPE_consumer.profile.read')")
    public ResponseEntity<List<Address>> list(@AuthenticationPrincipal Caller caller,
                                           @RequestParam(required = false) String limit,
                                           @RequestParam(required = false) String cursor,
                                           HttpServletRequest request) {
        return MeLists.withLink(addresses.page(accounts.of(caller), PageRequest.of(limit, cursor)), request);
    }

    @PostMapping(ADDRESSES)
    @ResponseStatus(HttpStatus.CREATED)
    @PreAuthorize("hasAuthority('SCOPE_consumer.profile.write')")
    public Address add(@AuthenticationPrincipal Caller caller, @RequestBody NewAddress request) {
        return addresses.add(accounts.of(caller), request);
    }

    @PatchMapping(ADDRESSES + "/{id}")
    @PreAuthorize("hasAuthority('SCOPE_consumer.profile.write')")
    public Address update(@AuthenticationPrincipal Caller caller, @PathVariable String id, @RequestBody AddressPatch patch) {
        return addresses.update(accounts.of(caller), id, patch);
    }

    @DeleteMapping(ADDRESSES + "/{id}")
    @PreAuthorize("hasAuthority('SCOPE_consumer.profile.write')")
    public Deleted remove(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return Deleted.of(addresses.remove(accounts.of(caller), id));
    }
}
