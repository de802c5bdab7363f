package io.assent.cli;

import org.springframework.context.ApplicationContext;

import picocli.CommandLine;

/** Lets picocli build commands as Spring beans, so they receive the feature services they call. */
final class SpringCommandFactory implements CommandLine.IFactory {

    private final ApplicationContext context;

    SpringCommandFactory(ApplicationContext context) {
        this.context = context;
    }

    @Override
    public <K> K create(Class<K> type) throws Exception {
        if (type.isAnnotationPresent(CommandLine.Command.class)) {
            return context.getAutowireCapableBeanFactory().createBean(type);
        }
        return CommandLine.defaultFactory().create(type);
    }
}
