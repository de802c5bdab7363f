package io.assent.trust;

import java.util.Collection;
import java.util.Map;
import java.util.UUID;

/**
 * Where the records of one kind of chain entry live. The feature that owns the records implements
 * it, so that the audit reads them as they are now (a row changed by hand shows) without the trust
 * feature knowing their tables.
 */
public interface ChainSource {

    /** The {@link ChainEntry#kind()} this source answers for. */
    String kind();

    /** The entries of these ids as stored now; ids whose row is gone are absent. */
    Map<UUID, ChainEntry> entries(Collection<UUID> ids);
}
