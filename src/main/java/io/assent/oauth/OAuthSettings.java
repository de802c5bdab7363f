package io.assent.oauth;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Token lifetimes of D4, configurable under {@code assent.oauth.*}.
 *
 * @param accessTokenTtl      lifetime of access tokens and ID tokens
 * @param idpTokenTtl         lifetime of tokens of the built-in identity provider
 * @param authorizationCodeTtl lifetime of an authorization code (single use)
 * @param refreshTokenIdleTtl a refresh token unused this long is dead
 * @param refreshChainTtl     no refresh token of a chain outlives the chain's first issue by more than this
 * @param verifiedTokenCacheSize how many verified bearer tokens each node remembers (D4 performance)
 */
@ConfigurationProperties("assent.oauth")
public record OAuthSettings(
        @DefaultValue("900s") Duration accessTokenTtl,
        @DefaultValue("3600s") Duration idpTokenTtl,
        @DefaultValue("60s") Duration authorizationCodeTtl,
        @DefaultValue("30d") Duration refreshTokenIdleTtl,
        @DefaultValue("90d") Duration refreshChainTtl,
        @DefaultValue("100000") int verifiedTokenCacheSize) {
}
