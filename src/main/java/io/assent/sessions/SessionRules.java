package io.assent.sessions;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;
import io.assent.platform.security.Environment;
import io.assent.platform.validation.EmailAddress;
import io.assent.platform.validation.Metadata;

/** The checks of a session creation request (D7), gathered so every problem is reported at once. */
final class SessionRules {

    static final Duration DEFAULT_LIFETIME = Duration.ofHours(1);
    static final int MIN_EXPIRES_IN = 300;
    static final int MAX_EXPIRES_IN = 604_800;

    private SessionRules() {
    }

    static void validate(NewSession request, Environment environment, boolean returnUrlRequired) {
        List<FieldProblem> problems = new ArrayList<>();
        if (request.productId() == null || request.productId().isBlank()) {
            problems.add(new FieldProblem("product_id", "is required"));
        }
        request.externalReference().filter(r -> r.isEmpty() || r.length() > 200)
                .ifPresent(r -> problems.add(new FieldProblem("external_reference", "must be 1 to 200 characters")));
        if (request.returnUrl().isEmpty() && returnUrlRequired) {
            problems.add(new FieldProblem("return_url", "is required"));
        }
        request.returnUrl().flatMap(url -> returnUrlProblem(url, environment))
                .ifPresent(problem -> problems.add(new FieldProblem("return_url", problem)));
        request.expiresIn().filter(s -> s < MIN_EXPIRES_IN || s > MAX_EXPIRES_IN).ifPresent(s -> problems.add(
                new FieldProblem("expires_in", "must be " + MIN_EXPIRES_IN + " to " + MAX_EXPIRES_IN + " seconds")));
        request.consumerHint().filter(hint -> EmailAddress.parse(hint).isEmpty())
                .ifPresent(hint -> problems.add(new FieldProblem("consumer_hint", "must be an e-mail address")));
        problems.addAll(Metadata.problems("metadata", request.metadata()));
        if (!problems.isEmpty()) {
            throw ApiException.validationFailed("The session request is not valid.", problems);
        }
    }

    static Duration lifetime(NewSession request) {
        return request.expiresIn().map(Duration::ofSeconds).orElse(DEFAULT_LIFETIME);
    }

    /** D7: https, or http on localhost in sandbox; absolute, without a fragment. */
    private static Optional<String> returnUrlProblem(String url, Environment environment) {
        try {
            URI uri = new URI(url);
            if (!uri.isAbsolute() || uri.getHost() == null || uri.getFragment() != null || url.length() > 2000) {
                return Optional.of("must be an absolute URL without a fragment");
            }
            boolean localhost = uri.getHost().equals("localhost") || uri.getHost().equals("127.0.0.1");
            if ("https".equals(uri.getScheme()) || ("http".equals(uri.getScheme()) && localhost && environment == Environment.SANDBOX)) {
                return Optional.empty();
            }
            return Optional.of("must use https (http only for localhost in sandbox)");
        } catch (URISyntaxException e) {
            return Optional.of("is not a URL");
        }
    }

    static Map<String, String> normalised(Map<String, String> metadata) {
        return metadata == null ? Map.of() : Map.copyOf(metadata);
    }
}
