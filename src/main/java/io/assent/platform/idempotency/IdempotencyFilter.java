package io.assent.platform.idempotency;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.ContentCachingResponseWrapper;

import io.assent.platform.config.AssentProperties;
import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorResponseWriter;
import io.assent.platform.security.Caller;

/**
 * The one implementation of {@code Idempotency-Key} (D9) for every POST of the API.
 *
 * <p>A key is first claimed in its own committed row, which is what makes a concurrent second
 * request with the same key see 409 instead of creating a second resource. The request then runs
 * inside one transaction that also stores its response: the resource and its replayable answer
 * commit together or not at all, so a crash can never leave a created resource without its record.
 * Only successful (2xx) answers are kept; after a failure the key is released for a corrected retry.
 */
@Component
@ConditionalOnWebApplication
@Order(10)
public class IdempotencyFilter extends OncePerRequestFilter {

    static final String HEADER = "Idempotency-Key";
    static final String REPLAYED = "Idempotent-Replayed";
    private static final int MAX_KEY_LENGTH = 200;

    private final RequestMappingHandlerMapping handlers;
    private final IdempotencyRepository records;
    private final TransactionTemplate transactions;
    private final ErrorResponseWriter errors;
    private final Clock clock;
    private final Duration retention;
    private final Duration lease;

    public IdempotencyFilter(@Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping handlers,
                             IdempotencyRepository records, TransactionTemplate transactions,
                             ErrorResponseWriter errors, Clock clock, AssentProperties properties) {
        this.handlers = handlers;
        this.records = records;
        this.transactions = transactions;
        this.errors = errors;
        this.clock = clock;
        this.retention = properties.idempotency().retention();
        this.lease = properties.idempotency().inFlightLease();
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !"POST".equals(request.getMethod());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<Caller> caller = caller();
        String key = request.getHeader(HEADER);
        if (caller.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        if (key == null) {
            if (requiresKey(request)) {
                errors.write(response, new ApiException(HttpStatus.BAD_REQUEST, "idempotency_key_missing",
                        "This operation requires an Idempotency-Key header."));
            } else {
                chain.doFilter(request, response);
            }
            return;
        }
        if (!isWellFormed(key)) {
            errors.write(response, ApiException.invalidRequest(
                    "Idempotency-Key must be 1 to " + MAX_KEY_LENGTH + " printable ASCII characters."));
            return;
        }
        String owner = caller.get().key();
        Claim claim;
        byte[] body;
        try {
            body = request.getInputStream().readAllBytes();
            claim = claim(owner, key, requestHash(request, body));
        } catch (ApiException refused) {
            errors.write(response, refused);
            return;
        }
        if (claim.replay().isPresent()) {
            replay(claim.replay().get(), response);
            return;
        }
        runAndStore(new CachedBodyRequest(request, body), response, chain, owner, key);
    }

    private void runAndStore(HttpServletRequest request, HttpServletResponse response, FilterChain chain,
                             String owner, String key) throws IOException, ServletException {
        ContentCachingResponseWrapper captured = new ContentCachingResponseWrapper(response);
        boolean stored = false;
        try {
            stored = Boolean.TRUE.equals(transactions.execute(tx -> {
                try {
                    chain.doFilter(request, captured);
                } catch (IOException | ServletException e) {
                    throw new FilterFailure(e);
                }
                int status = captured.getStatus();
                if (status < 200 || status > 299) {
                    tx.setRollbackOnly();
                    return false;
                }
                records.complete(owner, key, new StoredResponse(status, captured.getContentType(),
                        captured.getContentAsByteArray(), captured.getHeader("Location")));
                return true;
            }));
        } catch (FilterFailure failure) {
            records.release(owner, key);
            if (failure.getCause() instanceof IOException io) {
                throw io;
            }
            throw (ServletException) failure.getCause();
        } catch (RuntimeException failure) {
            records.release(owner, key);
            throw failure;
        }
        if (!stored) {
            records.release(owner, key);
        }
        captured.copyBodyToResponse();
    }

    private Claim claim(String owner, String key, String hash) {
        for (int attempt = 0; attempt < 3; attempt++) {
            Instant now = clock.instant();
            if (records.tryInsert(owner, key, hash, now, now.plus(lease))) {
                return Claim.PROCEED;
            }
            Optional<IdempotencyRecord> found = records.find(owner, key);
            if (found.isEmpty()) {
                continue;
            }
            IdempotencyRecord seen = found.get();
            boolean expired = !seen.createdAt().plus(retention).isAfter(now);
            boolean abandoned = !seen.isDone() && !seen.leaseUntil().isAfter(now);
            if (expired || abandoned) {
                if (records.takeOver(owner, key, seen, hash, now, now.plus(lease))) {
                    return Claim.PROCEED;
                }
                continue;
            }
            if (!MessageDigest.isEqual(seen.requestHash().getBytes(StandardCharsets.US_ASCII),
                    hash.getBytes(StandardCharsets.US_ASCII))) {
                throw new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, "idempotency_key_reused",
                        "This Idempotency-Key was used with a different request.");
            }
            if (!seen.isDone()) {
                throw ApiException.conflict("idempotency_key_in_use",
                        "A request with this Idempotency-Key is still being processed; retry shortly.");
            }
            return new Claim(seen.response());
        }
        throw ApiException.conflict("idempotency_key_in_use", "This Idempotency-Key is busy; retry shortly.");
    }

    private static void replay(StoredResponse stored, HttpServletResponse response) throws IOException {
        response.setStatus(stored.status());
        response.setHeader(REPLAYED, "true");
        if (stored.contentType() != null) {
            response.setContentType(stored.contentType());
        }
        if (stored.location() != null) {
            response.setHeader("Location", stored.location());
        }
        response.setContentLength(stored.body().length);
        response.getOutputStream().write(stored.body());
    }

    private boolean requiresKey(HttpServletRequest request) {
        try {
            HandlerExecutionChain handler = handlers.getHandler(request);
            return handler != null && handler.getHandler() instanceof HandlerMethod method
                    && method.hasMethodAnnotation(Idempotent.class);
        } catch (Exception noHandler) {
            return false;
        }
    }

    static boolean isWellFormed(String key) {
        if (key.isEmpty() || key.length() > MAX_KEY_LENGTH) {
            return false;
        }
        return key.chars().allMatch(c -> c >= 0x20 && c <= 0x7e);
    }

    private static String requestHash(HttpServletRequest request, byte[] body) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((request.getMethod() + " " + request.getRequestURI() + "?"
                    + Optional.ofNullable(request.getQueryString()).orElse("") + "\n").getBytes(StandardCharsets.UTF_8));
            sha.update(body);
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Optional<Caller> caller() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null && authentication.getPrincipal() instanceof Caller caller
                ? Optional.of(caller) : Optional.empty();
    }

    /** Forgets results past their retention; a key that old behaves as new either way. */
    @Scheduled(fixedDelayString = "PT10M", initialDelayString = "PT1M")
    void forgetExpired() {
        records.deleteCreatedBefore(clock.instant().minus(retention));
    }

    private record Claim(Optional<StoredResponse> replay) {
        static final Claim PROCEED = new Claim(Optional.empty());
    }

    private static final class FilterFailure extends RuntimeException {
        FilterFailure(Exception cause) {
            super(cause);
        }
    }

    /** The request with its body already read (to hash it), readable again by the handler. */
    private static final class CachedBodyRequest extends HttpServletRequestWrapper {

        private final byte[] body;

        CachedBodyRequest(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException();
                }
            };
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
