package io.assent.identity;

/**
 * Published when a person signs in with their password (the IdP API or a page), so that features
 * which keep an account's activity can record it without identity knowing them.
 */
public record SignedIn(UserAccount account) {
}
