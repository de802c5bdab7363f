package io.assent.identity;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.assent.platform.time.SqlTime;

@Repository
class UserRepository {

    private final JdbcClient jdbc;

    UserRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(UserAccount user, String passwordHash) {
        jdbc.sql("""
                insert into users (id, email, password_hash, account_type, first_name, last_name, phone, status,
                                   created_at, updated_at)
                values (:id, :email, :hash, :type, :first, :last, :phone, :status, :created, :updated)""")
                .param("id", user.id()).param("email", user.email()).param("hash", passwordHash)
                .param("type", user.accountType().wireName())
                .param("first", user.firstName().orElse(null)).param("last", user.lastName().orElse(null))
                .param("phone", user.phone().orElse(null)).param("status", user.active() ? "active" : "disabled")
                .param("created", SqlTime.of(user.createdAt())).param("updated", SqlTime.of(user.updatedAt()))
                .update();
    }

    void updateProfile(UserAccount user) {
        jdbc.sql("""
                update users set email = :email, first_name = :first, last_name = :last, phone = :phone,
                                 updated_at = :updated
                where id = :id""")
                .param("email", user.email()).param("first", user.firstName().orElse(null))
                .param("last", user.lastName().orElse(null)).param("phone", user.phone().orElse(null))
                .param("updated", SqlTime.of(user.updatedAt())).param("id", user.id())
                .update();
    }

    void setActive(UUID id, boolean active, java.time.Instant at) {
        jdbc.sql("update users set status = :status, updated_at = :at where id = :id")
                .param("status", active ? "active" : "disabled").param("at", SqlTime.of(at)).param("id", id)
                .update();
    }

    boolean isActive(UUID id) {
        return jdbc.sql("select status from users where id = :id").param("id", id).query(String.class).optional()
                .map("active"::equals).orElse(false);
    }

    Optional<UserAccount> find(UUID id) {
        return jdbc.sql("select * from users where id = :id").param("id", id).query(UserRepository::user).optional();
    }

    Optional<UserAccount> findByEmail(String email) {
        return jdbc.sql("select * from users where email = :email").param("email", email)
                .query(UserRepository::user).optional();
    }

    Optional<String> passwordHash(UUID id) {
        return jdbc.sql("select password_hash from users where id = :id").param("id", id).query(String.class).optional();
    }

    private static UserAccount user(ResultSet rs, int row) throws SQLException {
        return new UserAccount(
                rs.getObject("id", UUID.class),
                rs.getString("email"),
                AccountType.fromWire(rs.getString("account_type")).orElseThrow(),
                Optional.ofNullable(rs.getString("first_name")),
                Optional.ofNullable(rs.getString("last_name")),
                Optional.ofNullable(rs.getString("phone")),
                "active".equals(rs.getString("status")),
                SqlTime.instant(rs, "created_at"),
                SqlTime.instant(rs, "updated_at"));
    }
}
