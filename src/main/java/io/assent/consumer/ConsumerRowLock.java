package io.assent.consumer;

import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Serialises one consumer's writes to their contacts and addresses: the limit of 20 and the single
 * primary per kind are checked and kept by several statements, which two requests at once would
 * otherwise interleave. The lock is the consumer's own row, held until the transaction ends.
 */
@Repository
class ConsumerRowLock {

    private final JdbcClient jdbc;

    ConsumerRowLock(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void lock(UUID consumerId) {
        jdbc.sql("select id from users where id = :id for update").param("id", consumerId).query(UUID.class).optional();
    }
}
