package io.assent.support;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Which database the tests run on: an in-memory H2 in PostgreSQL mode by default, or the
 * PostgreSQL database named by {@code ASSENT_TEST_DATABASE_URL} (as {@code .ci/run} sets it).
 */
public final class TestDatabase {

    private TestDatabase() {
    }

    public static void register(DynamicPropertyRegistry registry, String h2Name) {
        String url = System.getenv("ASSENT_TEST_DATABASE_URL");
        if (url != null && !url.isBlank()) {
            registry.add("spring.datasource.url", () -> url);
            registry.add("spring.datasource.username", () -> System.getenv().getOrDefault("ASSENT_TEST_DATABASE_USER", "postgres"));
            registry.add("spring.datasource.password", () -> System.getenv().getOrDefault("ASSENT_TEST_DATABASE_PASSWORD", ""));
        } else {
            registry.add("spring.datasource.url", () -> "jdbc:h2:mem:" + h2Name
                    + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
            registry.add("spring.datasource.username", () -> "sa");
            registry.add("spring.datasource.password", () -> "");
        }
    }

    public static boolean isPostgres() {
        String url = System.getenv("ASSENT_TEST_DATABASE_URL");
        return url != null && url.startsWith("jdbc:postgresql:");
    }
}
