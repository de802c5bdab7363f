package io.assent.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;

import org.junit.jupiter.api.Test;

import io.assent.platform.security.Environment;

/** The SSRF rule of D13 on resolved addresses, with and without the operator's allowance. */
class EndpointUrlPolicyTest {

    private final EndpointUrlPolicy strict = new EndpointUrlPolicy(new WebhookSettings(false, null, false, 100, 1, 1, null));
    private final EndpointUrlPolicy allowing = new EndpointUrlPolicy(new WebhookSettings(true, null, false, 100, 1, 1, null));

    @Test
    void internalAddressesAreRecognised() throws Exception {
        for (String address : new String[] {"127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "0.0.0.0",
                "100.64.0.1", "::1", "fe80::1", "fd00::1", "::ffff:127.0.0.1"}) {
            assertThat(EndpointUrlPolicy.internal(InetAddress.getByName(address))).as(address).isTrue();
        }
        for (String address : new String[] {"93.184.215.14", "8.8.8.8", "2606:4700::1111"}) {
            assertThat(EndpointUrlPolicy.internal(InetAddress.getByName(address))).as(address).isFalse();
        }
    }

    @Test
    void productionRefusesThemUnlessTheOperatorAllowsThemAndSandboxAllowsThem() {
        assertThat(strict.addressAllowed("127.0.0.1", Environment.PRODUCTION)).isFalse();
        assertThat(strict.addressAllowed("[::1]", Environment.PRODUCTION)).isFalse();
        assertThat(strict.addressAllowed("93.184.215.14", Environment.PRODUCTION)).isTrue();
        assertThat(strict.addressAllowed("127.0.0.1", Environment.SANDBOX)).isTrue();
        assertThat(allowing.addressAllowed("127.0.0.1", Environment.PRODUCTION)).isTrue();
        assertThat(allowing.validate("https://10.0.0.5/hooks", Environment.PRODUCTION)).isEqualTo("https://10.0.0.5/hooks");
    }
}
