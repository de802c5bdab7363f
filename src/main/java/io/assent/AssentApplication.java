package io.assent;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

import io.assent.cli.AssentCommandLine;

/**
 * One jar, two faces: the HTTP service, or with {@code admin ...} arguments the command line.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class AssentApplication {

    public static void main(String[] args) {
        if (AssentCommandLine.handles(args)) {
            System.exit(AssentCommandLine.run(args));
        }
        SpringApplication.run(AssentApplication.class, args);
    }
}
