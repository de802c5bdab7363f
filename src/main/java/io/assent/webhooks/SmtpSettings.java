package io.assent.webhooks;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The SMTP server for e-mails to partners, under {@code assent.smtp.*} ({@code ASSENT_SMTP_HOST},
 * {@code ASSENT_SMTP_PORT}, {@code ASSENT_SMTP_TLS}, {@code ASSENT_SMTP_USERNAME},
 * {@code ASSENT_SMTP_PASSWORD}, {@code ASSENT_SMTP_FROM}). Without a host, mails are kept in the
 * {@code outgoing_mail} table instead.
 *
 * @param tls {@code starttls} (upgrade a plain connection, port 587), {@code implicit} (SMTPS, port 465) or {@code none}
 */
@ConfigurationProperties("assent.smtp")
public record SmtpSettings(
        @DefaultValue("") String host,
        @DefaultValue("587") int port,
        @DefaultValue("starttls") String tls,
        @DefaultValue("") String username,
        @DefaultValue("") String password,
        @DefaultValue("assent@localhost") String from) {

    public boolean configured() {
        return !host.isBlank();
    }

    /** Without the password: settings may be logged. */
    @Override
    public String toString() {
        return "SmtpSettings[host=" + host + ", port=" + port + ", tls=" + tls + ", username=" + username
                + ", password=" + (password.isEmpty() ? "(none)" : "(set)") + ", from=" + from + "]";
    }
}
