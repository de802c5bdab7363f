package io.assent.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import io.assent.identity.IdentityService;
import io.assent.identity.UserAccount;
import io.assent.platform.error.ApiException;
import io.assent.support.ApiTest;
import io.assent.support.OAuthFlows;
import tools.jackson.databind.json.JsonMapper;

/** {@code admin users disable --email E}: the account can no longer sign in. */
class UsersDisableCommandTest extends ApiTest {

    @Autowired
    private IdentityService identity;

    @Autowired
    private JsonMapper json;

    @Test
    void disablesTheAccount() throws Exception {
        UserAccount user = oauth().consumer();
        UsersCommand.Disable command = new UsersCommand.Disable(identity, new JsonOutput(json));
        command.email = user.email().toUpperCase();
        assertThat(command.call()).isZero();
        assertThat(identity.find(user.id()).orElseThrow().active()).isFalse();
        assertThat(identity.verifyPassword(user.email(), OAuthFlows.PASSWORD)).isEmpty();
        assertThat(api().post("/idp/login").json("{\"email\":\"" + user.email() + "\",\"password\":\"" + OAuthFlows.PASSWORD + "\"}")
                .unvalidated().send().status()).isEqualTo(401);

        command.email = "nobody-" + user.id() + "@example.com";
        assertThatThrownBy(command::call).isInstanceOf(ApiException.class);
    }
}
