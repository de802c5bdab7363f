package io.assent.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** A TCP port nothing listens on right now. */
public final class FreePort {

    private FreePort() {
    }

    public static int find() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
