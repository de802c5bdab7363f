package io.assent.support;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;

/**
 * One GreenMail SMTP server on a free loopback port for the whole test run: the service's SMTP
 * settings point at it, and it starts on first use so that tests that never mail cost nothing.
 */
public final class TestMailServer {

    private static final int PORT = FreePort.find();
    private static GreenMail server;

    private TestMailServer() {
    }

    public static int port() {
        return PORT;
    }

    public static synchronized GreenMail get() {
        if (server == null) {
            server = new GreenMail(new ServerSetup(PORT, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
            server.start();
        }
        return server;
    }
}
