package io.assent.platform.config;

import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Every operator-facing setting of Assent, bound from {@code assent.*} properties (and so from
 * {@code ASSENT_*} environment variables). The README's configuration table lists them all.
 *
 * @param publicUrl   the address clients use to reach this service, without a trailing slash (D1)
 * @param dataDir     where the embedded database and generated keys live
 * @param demo        whether demo data is created on first start
 * @param limits      request limits (D14)
 * @param idempotency how long Idempotency-Key results are kept (D9)
 * @param masterKey   base64 of the 32-byte key that encrypts private signing keys at rest; empty means
 *                    "generate one on first use and keep it in {@code <dataDir>/master.key}"
 * @param keys        signing keys of the authorization server
 */
@ConfigurationProperties("assent")
public record AssentProperties(
        @DefaultValue("http://localhost:8080") String publicUrl,
        @DefaultValue("./data") Path dataDir,
        @DefaultValue("true") boolean demo,
        @DefaultValue Limits limits,
        @DefaultValue Idempotency idempotency,
        @DefaultValue("") String masterKey,
        @DefaultValue Keys keys) {

    public AssentProperties {
        publicUrl = publicUrl.endsWith("/") ? publicUrl.substring(0, publicUrl.length() - 1) : publicUrl;
    }

    /** The record's own string, without the master key: settings may end up in a log, the key must not. */
    @Override
    public String toString() {
        return "AssentProperties[publicUrl=" + publicUrl + ", dataDir=" + dataDir + ", demo=" + demo
                + ", limits=" + limits + ", idempotency=" + idempotency
                + ", masterKey=" + (masterKey.isBlank() ? "(generated)" : "(set)") + ", keys=" + keys + "]";
    }

    /**
     * @param maxJsonBodyBytes   largest request body accepted outside file uploads
     * @param requestsPerSecond  sustained rate per client
     * @param burst              requests a client may send at once above the sustained rate
     */
    public record Limits(
            @DefaultValue("1048576") long maxJsonBodyBytes,
            @DefaultValue("50") int requestsPerSecond,
            @DefaultValue("100") int burst) {
    }

    /**
     * @param retention     how long a stored result answers a repeated key
     * @param inFlightLease how long a request may hold its key before a crashed holder is presumed dead
     */
    public record Idempotency(
            @DefaultValue("24h") Duration retention,
            @DefaultValue("60s") Duration inFlightLease) {
    }

    /**
     * @param retiredKeyRetention how long a retired signing key stays published; it must outlast every
     *                            token the key signed (access tokens live 900 s)
     */
    public record Keys(@DefaultValue("1h") Duration retiredKeyRetention) {

        public Keys {
            if (retiredKeyRetention.isNegative() || retiredKeyRetention.isZero()) {
                throw new IllegalArgumentException("assent.keys.retired-key-retention must be positive");
            }
        }
    }
}
