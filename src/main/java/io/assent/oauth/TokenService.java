package io.assent.oauth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import com.nimbusds.oauth2.sdk.pkce.CodeChallenge;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;

import io.assent.identity.IdentityService;
import io.assent.partners.Client;
import io.assent.partners.ClientType;
import io.assent.platform.error.ApiException;
import io.assent.platform.id.IdGenerator;
import io.assent.platform.security.Scopes;
import io.assent.platform.security.SecretDigest;

/**
 * The grants of {@code POST /oauth/token} (D4): client credentials, authorization code with PKCE,
 * and refresh tokens that rotate on every use. A replayed code or refresh token revokes everything
 * issued from it; those revocations commit even though the request fails, hence
 * {@code noRollbackFor}.
 */
@Service
public class TokenService {

    private static final String REFRESH_PREFIX = "assent_rt_";

    private final TokenMinter minter;
    private final TokenChainRepository chains;
    private final AuthorizationCodeRepository codes;
    private final RevocationList revocations;
    private final IdGenerator ids;
    private final Clock clock;
    private final OAuthSettings settings;
    private final IdentityService identity;

    public TokenService(TokenMinter minter, TokenChainRepository chains, AuthorizationCodeRepository codes,
                        RevocationList revocations, IdGenerator ids, Clock clock, OAuthSettings settings,
                        IdentityService identity) {
        this.identity = identity;
        this.minter = minter;
        this.chains = chains;
        this.codes = codes;
        this.revocations = revocations;
        this.ids = ids;
        this.clock = clock;
        this.settings = settings;
    }

    /** A partner client's own token: its registered partner scopes, or the subset it asks for. */
    public TokenResponse clientCredentials(Client client, Optional<Set<String>> requested) {
        requireClientCredentialsAllowed(client);
        Set<String> allowed = new LinkedHashSet<>(client.scopes());
        allowed.retainAll(Scopes.PARTNER);
        Set<String> granted = requested.orElse(allowed);
        if (granted.isEmpty()) {
            throw OAuthErrors.invalidScope("This client holds no partner scopes.");
        }
        for (String scope : granted) {
            if (!allowed.contains(scope)) {
                throw OAuthErrors.invalidScope("Scope '" + scope + "' is not available to this client with client_credentials.");
            }
        }
        MintedToken access = minter.accessToken(client.clientId(), client.clientId(), granted, Optional.empty(), client.tenant());
        return response(access, Optional.empty(), granted, Optional.empty());
    }

    /** Only a partner's confidential client holds scopes of its own (D4). */
    public void requireClientCredentialsAllowed(Client client) {
        if (client.type() != ClientType.CONFIDENTIAL || client.tenant().isEmpty()) {
            throw OAuthErrors.unauthorizedClient("This client may not use the client_credentials grant.");
        }
    }

    /** Issues the code the consumer approved (called by the authorization service). */
    @Transactional
    public String issueCode(Client client, UUID userId, String redirectUri, Set<String> scopes, String codeChallenge) {
        String code = SecretDigest.newSecret("");
        Instant now = clock.instant();
        codes.insert(new AuthorizationCode(SecretDigest.digest(code), client.id(), userId, redirectUri, Set.copyOf(scopes),
                codeChallenge, now, now.plus(settings.authorizationCodeTtl()), Optional.empty(), Optional.empty()));
        return code;
    }

    @Transactional(noRollbackFor = ApiException.class)
    public TokenResponse exchangeCode(Client client, String code, String redirectUri, String verifier) {
        String hash = SecretDigest.digest(code);
        AuthorizationCode issued = codes.find(hash)
                .filter(c -> c.clientId().equals(client.id()))
                .orElseThrow(() -> OAuthErrors.invalidGrant("The authorization code is invalid."));
        Instant now = clock.instant();
        if (issued.usedAt().isPresent()) {
            issued.chainId().ifPresent(chain -> revokeChain(chain, "code_replayed"));
            throw OAuthErrors.invalidGrant("The authorization code was already used; what it issued is revoked.");
        }
        if (!issued.expiresAt().isAfter(now)) {
            throw OAuthErrors.invalidGrant("The authorization code has expired.");
        }
        if (!issued.redirectUri().equals(redirectUri)) {
            throw OAuthErrors.invalidGrant("redirect_uri does not match the authorization request.");
        }
        if (!pkceMatches(verifier, issued.codeChallenge())) {
            throw OAuthErrors.invalidGrant("code_verifier does not match the code_challenge.");
        }
        UUID chainId = ids.newId();
        if (!codes.redeem(hash, chainId, now)) {
            throw OAuthErrors.invalidGrant("The authorization code was already used.");
        }
        TokenChain chain = new TokenChain(chainId, client.id(), issued.userId(), issued.scopes(), now,
                now.plus(settings.refreshChainTtl()), Optional.empty());
        chains.insert(chain);
        return issueInChain(client, chain, chain.scopes(), now);
    }

    @Transactional(noRollbackFor = ApiException.class)
    public TokenResponse refresh(Client client, String refreshToken, Optional<Set<String>> requested) {
        String hash = SecretDigest.digest(refreshToken);
        RefreshTokenRecord stored = chains.findRefreshToken(hash)
                .filter(r -> r.chain().clientId().equals(client.id()))
                .orElseThrow(() -> OAuthErrors.invalidGrant("The refresh token is invalid."));
        TokenChain chain = stored.chain();
        Instant now = clock.instant();
        if (stored.usedAt().isPresent()) {
            revokeChain(chain.id(), "refresh_token_replayed");
            throw OAuthErrors.invalidGrant("The refresh token was already used; its whole chain is revoked.");
        }
        // A disabled account's refresh tokens stop working with its access tokens (D17).
        if (!chain.isLive(now) || !stored.idleExpiresAt().isAfter(now) || !identity.isActive(chain.userId())) {
            throw OAuthErrors.invalidGrant("The refresh token has expired or been revoked.");
        }
        Set<String> scopes = requested.orElse(chain.scopes());
        if (!chain.scopes().containsAll(scopes) || scopes.isEmpty()) {
            throw OAuthErrors.invalidScope("A refresh may only narrow the scopes first granted.");
        }
        if (!chains.markUsed(hash, now)) {
            // Lost a race with another exchange of the same token: by D4 that is a replay.
            revokeChain(chain.id(), "refresh_token_replayed");
            throw OAuthErrors.invalidGrant("The refresh token was already used; its whole chain is revoked.");
        }
        return issueInChain(client, chain, scopes, now);
    }

    /** Revokes a chain: its refresh tokens stop working and its access tokens are refused everywhere. */
    @Transactional
    public void revokeChain(UUID chainId, String reason) {
        Instant now = clock.instant();
        if (chains.revoke(chainId, now, reason)) {
            revocations.revokeChain(chainId, now.plus(settings.accessTokenTtl()));
        }
    }

    /** The chain of a refresh token of this client, for revocation and introspection. */
    public Optional<RefreshTokenState> findRefreshToken(Client client, String refreshToken) {
        return chains.findRefreshToken(SecretDigest.digest(refreshToken))
                .filter(r -> r.chain().clientId().equals(client.id()))
                .map(r -> new RefreshTokenState(r.chain(), r.idleExpiresAt(),
                        r.usedAt().isEmpty() && r.chain().isLive(clock.instant()) && r.idleExpiresAt().isAfter(clock.instant())));
    }

    /** A refresh token's chain and whether the token could still be exchanged. */
    public record RefreshTokenState(TokenChain chain, Instant idleExpiresAt, boolean active) {
    }

    private TokenResponse issueInChain(Client client, TokenChain chain, Set<String> scopes, Instant now) {
        String refreshToken = SecretDigest.newSecret(REFRESH_PREFIX);
        Instant idleExpiry = min(now.plus(settings.refreshTokenIdleTtl()), chain.absoluteExpiresAt());
        chains.insertRefreshToken(SecretDigest.digest(refreshToken), chain.id(), now, idleExpiry);
        MintedToken access = minter.accessToken(chain.userId().toString(), client.clientId(), scopes,
                Optional.of(chain.id()), Optional.empty());
        Optional<MintedToken> idToken = scopes.contains(Scopes.OPENID)
                ? Optional.of(minter.idToken(chain.userId(), client.clientId(), chain.createdAt()))
                : Optional.empty();
        return response(access, Optional.of(refreshToken), scopes, idToken);
    }

    private TokenResponse response(MintedToken access, Optional<String> refreshToken, Set<String> scopes,
                                   Optional<MintedToken> idToken) {
        long expiresIn = Duration.between(access.issuedAt(), access.expiresAt()).toSeconds();
        return new TokenResponse(access.value(), "Bearer", expiresIn, refreshToken.orElse(null), Scopes.format(scopes),
                idToken.map(MintedToken::value).orElse(null));
    }

    private static boolean pkceMatches(String verifier, String challenge) {
        try {
            String computed = CodeChallenge.compute(CodeChallengeMethod.S256, new CodeVerifier(verifier)).getValue();
            return java.security.MessageDigest.isEqual(computed.getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                    challenge.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        } catch (IllegalArgumentException badVerifier) {
            return false;
        }
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
