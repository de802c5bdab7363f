package io.assent.consumer;

import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;

/** Document bytes in the {@code document_contents} table, so the database's own transaction covers them. */
class DatabaseContentStore implements DocumentContentStore {

    private final JdbcClient jdbc;

    DatabaseContentStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void put(UUID documentId, byte[] content) {
        jdbc.sql("insert into document_contents (document_id, content) values (:id, :content)")
                .param("id", documentId).param("content", content).update();
    }

    @Override
    public Optional<byte[]> get(UUID documentId) {
        return jdbc.sql("select content from document_contents where document_id = :id").param("id", documentId)
                .query((rs, n) -> rs.getBytes("content")).optional();
    }

    @Override
    public void remove(UUID documentId) {
        jdbc.sql("delete from document_contents where document_id = :id").param("id", documentId).update();
    }
}
