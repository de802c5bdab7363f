package io.assent.platform.scheduling;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;

/** Background jobs run in the server only, never in a command-line run of the jar. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
@EnableScheduling
public class SchedulingConfiguration {
}
