package io.assent.oauth;

/**
 * The two kinds of JWT this server signs. They share keys, so each carries its own {@code typ} and
 * audience, and a token of one kind is never accepted as the other (D5: an IdP token is not an
 * API token, and an API token cannot approve an authorization).
 */
public enum TokenProfile {
    /** RFC 9068 access tokens for the API; audience {@code {base_url}}. */
    API_ACCESS("at+jwt"),
    /** Tokens of the built-in identity provider; audience {@code <public-url>/idp}. */
    IDP("idp+jwt");

    private final String type;

    TokenProfile(String type) {
        this.type = type;
    }

    public String type() {
        return type;
    }
}
