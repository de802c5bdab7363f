package io.assent.consumer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

import io.assent.platform.config.AssentProperties;

/** Chooses the document store the operator configured (README, docs/documents.md). */
@Configuration(proxyBeanMethods = false)
class DocumentStorageConfiguration {

    @Bean
    DocumentContentStore documentContentStore(DocumentStorageSettings settings, AssentProperties assent, JdbcClient jdbc) {
        return switch (settings.storage()) {
            case DATABASE -> new DatabaseContentStore(jdbc);
            case DIRECTORY -> new DirectoryContentStore(settings.directoryPath().orElse(assent.dataDir().resolve("documents")));
        };
    }
}
