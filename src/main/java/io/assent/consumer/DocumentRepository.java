package io.assent.consumer;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.pagination.Keyset;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.time.SqlTime;

/** The metadata of consumers' documents; their bytes are in the {@link DocumentContentStore}. */
@Repository
class DocumentRepository {

    private final JdbcClient jdbc;

    DocumentRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Document document) {
        jdbc.sql("""
                insert into consumer_documents (id, consumer_id, doc_type, file_name, content_type, size_bytes, sha256,
                                                document_date, expires_on, created_at)
                values (:id, :consumer, :type, :name, :contentType, :size, :sha, :date, :expires, :created)""")
                .param("id", document.id()).param("consumer", document.consumerId())
                .param("type", document.docType().wireName()).param("name", document.fileName())
                .param("contentType", document.contentType()).param("size", document.sizeBytes())
                .param("sha", document.sha256()).param("date", document.documentDate().orElse(null))
                .param("expires", document.expiresOn().orElse(null)).param("created", SqlTime.of(document.createdAt()))
                .update();
    }

    List<Document> page(UUID consumerId, PageRequest page) {
        return Keyset.bind(jdbc.sql("select * from consumer_documents where consumer_id = :consumer" + Keyset.page(page, "created_at")), page)
                .param("consumer", consumerId)
                .query(DocumentRepository::document).list();
    }

    List<Document> all(UUID consumerId) {
        return jdbc.sql("select * from consumer_documents where consumer_id = :consumer order by created_at desc, id desc")
                .param("consumer", consumerId).query(DocumentRepository::document).list();
    }

    Optional<Document> find(UUID id) {
        return jdbc.sql("select * from consumer_documents where id = :id").param("id", id)
                .query(DocumentRepository::document).optional();
    }

    void delete(UUID id) {
        jdbc.sql("delete from consumer_documents where id = :id").param("id", id).update();
    }

    private static Document document(ResultSet rs, int row) throws SQLException {
        return new Document(rs.getObject("id", UUID.class), rs.getObject("consumer_id", UUID.class),
                DocumentType.fromWire(rs.getString("doc_type")).orElseThrow(), rs.getString("file_name"),
                rs.getString("content_type"), rs.getLong("size_bytes"), rs.getString("sha256"),
                Optional.ofNullable(rs.getObject("document_date", LocalDate.class)),
                Optional.ofNullable(rs.getObject("expires_on", LocalDate.class)),
                SqlTime.instant(rs, "created_at"));
    }
}
