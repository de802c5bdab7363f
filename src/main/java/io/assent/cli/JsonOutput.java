package io.assent.cli;

import java.util.Map;

import org.springframework.stereotype.Component;

import tools.jackson.databind.json.JsonMapper;

/** Prints a command's result to stdout as one line of JSON. */
@Component
class JsonOutput {

    private final JsonMapper json;

    JsonOutput(JsonMapper json) {
        this.json = json;
    }

    int print(Map<String, ?> result) {
        System.out.println(json.writeValueAsString(result));
        System.out.flush();
        return 0;
    }
}
