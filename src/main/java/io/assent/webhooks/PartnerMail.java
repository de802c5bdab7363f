package io.assent.webhooks;

import java.time.Clock;
import java.util.Properties;

import jakarta.mail.Authenticator;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.PasswordAuthentication;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import io.assent.platform.id.IdGenerator;
import io.assent.platform.time.SqlTime;

/**
 * E-mails to partners. Every mail is kept in {@code outgoing_mail}; with SMTP configured it is also
 * sent (and marked sent), without it one log line says where it is. Logs never carry the body,
 * the credentials or an exception's text.
 */
@Component
class PartnerMail {

    private static final Logger log = LoggerFactory.getLogger(PartnerMail.class);

    private final SmtpSettings smtp;
    private final JdbcClient jdbc;
    private final IdGenerator ids;
    private final Clock clock;

    PartnerMail(SmtpSettings smtp, JdbcClient jdbc, IdGenerator ids, Clock clock) {
        this.smtp = smtp;
        this.jdbc = jdbc;
        this.ids = ids;
        this.clock = clock;
    }

    void send(String recipient, String subject, String body) {
        java.util.UUID id = ids.newId();
        jdbc.sql("insert into outgoing_mail (id, recipient, subject, body, created_at) values (:id, :to, :subject, :body, :at)")
                .param("id", id).param("to", recipient).param("subject", subject).param("body", body)
                .param("at", SqlTime.of(clock.instant())).update();
        if (!smtp.configured()) {
            log.info("No SMTP server configured (ASSENT_SMTP_HOST): e-mail {} is kept in the outgoing_mail table", id);
            return;
        }
        try {
            MimeMessage message = new MimeMessage(session());
            message.setFrom(new InternetAddress(smtp.from()));
            message.setRecipients(Message.RecipientType.TO, InternetAddress.parse(recipient));
            message.setSubject(subject, "UTF-8");
            message.setText(body, "UTF-8");
            Transport.send(message);
            jdbc.sql("update outgoing_mail set sent_at = :at where id = :id").param("at", SqlTime.of(clock.instant()))
                    .param("id", id).update();
        } catch (MessagingException | RuntimeException e) {
            log.warn("E-mail {} could not be sent over SMTP ({}); it is kept in the outgoing_mail table", id, e.getClass().getSimpleName());
        }
    }

    private Session session() {
        Properties props = new Properties();
        boolean implicit = smtp.tls().equalsIgnoreCase("implicit");
        String protocol = implicit ? "smtps" : "smtp";
        props.put("mail.transport.protocol", protocol);
        props.put("mail." + protocol + ".host", smtp.host());
        props.put("mail." + protocol + ".port", Integer.toString(smtp.port()));
        props.put("mail." + protocol + ".connectiontimeout", "10000");
        props.put("mail." + protocol + ".timeout", "10000");
        props.put("mail." + protocol + ".writetimeout", "10000");
        if (smtp.tls().equalsIgnoreCase("starttls")) {
            props.put("mail.smtp.starttls.enable", "true");
            props.put("mail.smtp.starttls.required", "true");
        }
        if (implicit) {
            props.put("mail.smtps.ssl.checkserveridentity", "true");
        }
        if (!smtp.username().isBlank()) {
            props.put("mail." + protocol + ".auth", "true");
            return Session.getInstance(props, new Authenticator() {
                @Override
                protected PasswordAuthentication getPasswordAuthentication() {
                    return new PasswordAuthentication(smtp.username(), smtp.password());
                }
            });
        }
        return Session.getInstance(props);
    }
}
