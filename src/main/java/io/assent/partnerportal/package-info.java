/**
 * The partner portal at {@code <public-url>/partner} (D19): staff members of a partner run its
 * integration from server-rendered pages. The pages hold no rules of their own: each form calls the
 * feature service the API calls, for the tenant of the signed-in member and the environment in the
 * URL. The opportunity board lives with the opportunities feature, whose types it needs.
 */
package io.assent.partnerportal;
