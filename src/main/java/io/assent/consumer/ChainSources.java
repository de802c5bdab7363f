package io.assent.consumer;

import java.util.Collection;
import java.util.Map;
import java.util.UUID;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.assent.trust.ChainEntry;
import io.assent.trust.ChainSource;

/** The consumer records that the trust feature chains (D20): history events and grant accesses, as stored now. */
@Configuration(proxyBeanMethods = false)
class ChainSources {

    @Bean
    ChainSource historyEvents(HistoryRepository events) {
        return source(ChainEntry.HISTORY_EVENT, events::chainEntries);
    }

    @Bean
    ChainSource grantAccesses(GrantAccessRepository accesses) {
        return source(ChainEntry.GRANT_ACCESS, accesses::chainEntries);
    }

    private static ChainSource source(String kind, java.util.function.Function<Collection<UUID>, Map<UUID, ChainEntry>> load) {
        return new ChainSource() {
            @Override
            public String kind() {
                return kind;
            }

            @Override
            public Map<UUID, ChainEntry> entries(Collection<UUID> ids) {
                return load.apply(ids);
            }
        };
    }
}
