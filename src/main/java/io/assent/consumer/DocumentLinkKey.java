package io.assent.consumer;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The HMAC secret of document download links, one for the installation: the first node to need it
 * makes it, every node reads the same row, so a link made by one node opens on any other.
 */
@Repository
class DocumentLinkKey {

    private final JdbcClient jdbc;
    private final SecureRandom random = new SecureRandom();
    private volatile byte[] secret;

    DocumentLinkKey(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    byte[] secret() {
        byte[] known = secret;
        if (known == null) {
            known = stored().orElseGet(this::create);
            secret = known;
        }
        return known;
    }

    private Optional<byte[]> stored() {
        return jdbc.sql("select secret from document_link_keys where id = 1").query(String.class).optional()
                .map(Base64.getDecoder()::decode);
    }

    private byte[] create() {
        byte[] fresh = new byte[32];
        random.nextBytes(fresh);
        try {
            jdbc.sql("insert into document_link_keys (id, secret) values (1, :secret)")
                    .param("secret", Base64.getEncoder().encodeToString(fresh)).update();
            return fresh;
        } catch (DuplicateKeyException anotherNodeWasFirst) {
            return stored().orElseThrow();
        }
    }
}
