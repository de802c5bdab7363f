package io.assent.products;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.pagination.Keyset;
import io.assent.platform.pagination.PageRequest;
import io.assent.platform.security.Environment;
import io.assent.platform.security.Tenant;
import io.assent.platform.time.SqlTime;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

@Repository
class ProductRepository {

    private static final TypeReference<Map<String, String>> METADATA = new TypeReference<>() { };

    private final JdbcClient jdbc;
    private final JsonMapper json;

    ProductRepository(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    void insert(Product product) {
        ProductContent draft = product.draft();
        jdbc.sql("""
                insert into products (id, partner_id, environment, lifecycle_status, name, description, purpose,
                                      data_categories, retention_days, metadata, current_version, created_at, updated_at)
                values (:id, :partner, :environment, :status, :name, :description, :purpose, :categories,
                        :retention, :metadata, :version, :created, :updated)""")
                .param("id", product.id()).param("partner", product.tenant().partnerId())
                .param("environment", product.tenant().environment().wireName())
                .param("status", product.lifecycleStatus().wireName())
                .param("name", draft.name()).param("description", draft.description().orElse(null))
                .param("purpose", draft.purpose().orElse(null)).param("categories", categories(draft.dataCategories()))
                .param("retention", draft.retentionDays().orElse(null)).param("metadata", json.writeValueAsString(draft.metadata()))
                .param("version", product.currentVersion().orElse(null))
                .param("created", SqlTime.of(product.createdAt())).param("updated", SqlTime.of(product.updatedAt()))
                .update();
    }

    Optional<Product> find(Tenant tenant, UUID id) {
        return jdbc.sql("select * from products where id = :id and partner_id = :partner and environment = :environment")
                .param("id", id).param("partner", tenant.partnerId()).param("environment", tenant.environment().wireName())
                .query(this::product).optional();
    }

    /** The product, locked for the rest of the transaction so publishes and edits of it serialise. */
    Optional<Product> findForUpdate(Tenant tenant, UUID id) {
        return jdbc.sql("select * from products where id = :id and partner_id = :partner and environment = :environment for update")
                .param("id", id).param("partner", tenant.partnerId()).param("environment", tenant.environment().wireName())
                .query(this::product).optional();
    }

    /**
     * Up to {@link PageRequest#fetchSize()} of the tenant's products, newest first, after the page's
     * cursor. The keyset condition on (created_at, id) walks the index {@code products_tenant}, so a
     * page costs the same at any depth (D10).
     */
    List<Product> list(Tenant tenant, Set<LifecycleStatus> statuses, PageRequest page) {
        StringBuilder sql = new StringBuilder(
                "select * from products where partner_id = :partner and environment = :environment");
        if (!statuses.isEmpty()) {
            sql.append(" and lifecycle_status in (:statuses)");
        }
        sql.append(Keyset.page(page, "created_at"));
        JdbcClient.StatementSpec query = Keyset.bind(jdbc.sql(sql.toString()), page)
                .param("partner", tenant.partnerId()).param("environment", tenant.environment().wireName());
        if (!statuses.isEmpty()) {
            query = query.param("statuses", statuses.stream().map(LifecycleStatus::wireName).toList());
        }
        return query.query(this::product).list();
    }

    void updateDraft(UUID id, ProductContent draft, Instant at) {
        jdbc.sql("""
                update products set name = :name, description = :description, purpose = :purpose,
                                    data_categories = :categories, retention_days = :retention,
                                    metadata = :metadata, updated_at = :at
                where id = :id""")
                .param("name", draft.name()).param("description", draft.description().orElse(null))
                .param("purpose", draft.purpose().orElse(null)).param("categories", categories(draft.dataCategories()))
                .param("retention", draft.retentionDays().orElse(null)).param("metadata", json.writeValueAsString(draft.metadata()))
                .param("at", SqlTime.of(at)).param("id", id)
                .update();
    }

    void markArchived(UUID id, Instant at) {
        jdbc.sql("update products set lifecycle_status = 'archived', updated_at = :at where id = :id")
                .param("at", SqlTime.of(at)).param("id", id)
                .update();
    }

    /** Every published version of a product, oldest first. */
    List<ProductVersion> findVersions(UUID productId) {
        return jdbc.sql("select * from product_versions where product_id = :id order by version")
                .param("id", productId)
                .query(this::version).list();
    }

    Optional<ProductVersion> findVersion(UUID productId, int version) {
        return jdbc.sql("select * from product_versions where product_id = :id and version = :version")
                .param("id", productId).param("version", version)
                .query(this::version).optional();
    }

    void insertVersion(ProductVersion version) {
        ProductContent content = version.content();
        jdbc.sql("""
                insert into product_versions (product_id, version, published_at, name, description, purpose,
                                              data_categories, retention_days, metadata)
                values (:id, :version, :published, :name, :description, :purpose, :categories, :retention, :metadata)""")
                .param("id", version.productId()).param("version", version.version())
                .param("published", SqlTime.of(version.publishedAt()))
                .param("name", content.name()).param("description", content.description().orElse(null))
                .param("purpose", content.purpose().orElse(null)).param("categories", categories(content.dataCategories()))
                .param("retention", content.retentionDays().orElse(null)).param("metadata", json.writeValueAsString(content.metadata()))
                .update();
    }

    void markPublished(UUID id, int version, Instant at) {
        jdbc.sql("update products set lifecycle_status = 'published', current_version = :version, updated_at = :at where id = :id")
                .param("version", version).param("at", SqlTime.of(at)).param("id", id)
                .update();
    }

    private Product product(ResultSet rs, int row) throws SQLException {
        int version = rs.getInt("current_version");
        Optional<Integer> current = rs.wasNull() ? Optional.empty() : Optional.of(version);
        return new Product(rs.getObject("id", UUID.class),
                new Tenant(rs.getObject("partner_id", UUID.class), Environment.fromWire(rs.getString("environment")).orElseThrow()),
                LifecycleStatus.fromWire(rs.getString("lifecycle_status")).orElseThrow(), content(rs), current,
                SqlTime.instant(rs, "created_at"), SqlTime.instant(rs, "updated_at"));
    }

    private ProductVersion version(ResultSet rs, int row) throws SQLException {
        return new ProductVersion(rs.getObject("product_id", UUID.class), rs.getInt("version"),
                SqlTime.instant(rs, "published_at"), content(rs));
    }

    private ProductContent content(ResultSet rs) throws SQLException {
        int retention = rs.getInt("retention_days");
        Optional<Integer> retentionDays = rs.wasNull() ? Optional.empty() : Optional.of(retention);
        String categories = rs.getString("data_categories");
        List<DataCategory> dataCategories = categories.isBlank() ? List.of()
                : Arrays.stream(categories.split(" ")).map(c -> DataCategory.fromWire(c).orElseThrow()).toList();
        return new ProductContent(rs.getString("name"), Optional.ofNullable(rs.getString("description")),
                Optional.ofNullable(rs.getString("purpose")), dataCategories, retentionDays,
                json.readValue(rs.getString("metadata"), METADATA));
    }

    private static String categories(List<DataCategory> categories) {
        return categories.stream().map(DataCategory::wireName).collect(Collectors.joining(" "));
    }
}
