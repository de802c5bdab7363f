package io.assent.sessions;

import io.assent.partners.Partner;
import io.assent.products.ProductVersion;

/** A session with what a person needs to read about it: who asks, and the pinned product version. */
public record SessionDescription(ConsentSession session, Partner partner, ProductVersion product) {
}
