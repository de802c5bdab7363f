package io.assent.consumer;

import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import io.assent.platform.config.PublicUrls;
import io.assent.platform.security.Caller;

/** {@code /me/profile} (D12, D17). */
@RestController
public class ProfileController {

    static final String PROFILE = PublicUrls.API_PREFIX + "/me/profile";

    private final ProfileService profiles;
    private final ConsumerAccounts accounts;

    public ProfileController(ProfileService profiles, ConsumerAccounts accounts) {
        this.profiles = profiles;
        this.accounts = accounts;
    }

    @GetMapping(PROFILE)
    @PreAuthorize("hasAuthority('SCOPE_consumer.profile.read')")
    public ProfileView read(@AuthenticationPrincipal Caller caller) {
        return profiles.read(accounts.of(caller));
    }

    @PatchMapping(PROFILE)
    @PreAuthorize("hasAuthority('SCOPE_consumer.profile.write')")
    public ProfileView update(@AuthenticationPrincipal Caller caller, @RequestBody ProfilePatch patch) {
        return profiles.update(accounts.of(caller), patch);
    }
}
