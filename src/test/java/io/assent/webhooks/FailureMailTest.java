package io.assent.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;

import io.assent.support.TestMailServer;
import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;

/** D13: after 3 consecutive failed attempts on an endpoint, one e-mail to the partner's owner per streak (GreenMail as the SMTP server). */
class FailureMailTest extends WebhookTestBase {

    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;
    @org.springframework.beans.factory.annotation.Autowired
    io.assent.platform.id.IdGenerator ids;

    @Test
    void threeFailuresInARowSendOneMailPerStreak() throws Exception {
        GreenMail smtp = TestMailServer.get();
        Receiver receiver = receiver();
        receiver.answerAlways(500);
        String endpointId = createEndpoint(receiver.url(), "[\"*\"]").path("id").asString();
        event(WebhookEvent.SESSION_GRANTED);
        dispatcher.dispatchDue();
        clock.advance(Duration.ofSeconds(5));
        dispatcher.dispatchDue();
        assertThat(mailsToOwner(smtp)).isEmpty();
        clock.advance(Duration.ofSeconds(30));
        dispatcher.dispatchDue();

        List<MimeMessage> mails = mailsToOwner(smtp);
        assertThat(mails).hasSize(1);
        MimeMessage mail = mails.get(0);
        assertThat(mail.getSubject()).contains("Webhook");
        assertThat(mail.getFrom()[0].toString()).isEqualTo("assent@test.example");
        String body = GreenMailUtil.getBody(mail);
        assertThat(body).contains(endpointId).contains(receiver.url()).contains("HTTP 500")
                .contains("/webhook-deliveries?endpoint_id=" + endpointId);

        // the fourth failure in the same streak sends nothing
        clock.advance(Duration.ofMinutes(2));
        dispatcher.dispatchDue();
        assertThat(receiver.received()).hasSize(4);
        assertThat(mailsToOwner(smtp)).hasSize(1);

        // a success resets the streak; three new failures make a second mail
        receiver.answer(200);
        clock.advance(Duration.ofMinutes(10));
        dispatcher.dispatchDue();
        event(WebhookEvent.SESSION_DENIED);
        dispatcher.dispatchDue();
        clock.advance(Duration.ofSeconds(5));
        dispatcher.dispatchDue();
        assertThat(mailsToOwner(smtp)).hasSize(1);
        clock.advance(Duration.ofSeconds(30));
        dispatcher.dispatchDue();
        assertThat(mailsToOwner(smtp)).hasSize(2);
    }

    @Test
    void withoutSmtpTheMailIsKeptInTheTable() {
        PartnerMail unsent = new PartnerMail(new SmtpSettings("", 587, "starttls", "", "", "assent@localhost"), jdbc, ids, clock);
        String recipient = "owner-" + java.util.UUID.randomUUID() + "@partner.example";
        unsent.send(recipient, "Subject", "Body");
        assertThat(jdbc.sql("select count(*) from outgoing_mail where recipient = :to and sent_at is null")
                .param("to", recipient).query(Long.class).single()).isEqualTo(1L);
        assertThat(jdbc.sql("select count(*) from outgoing_mail where recipient = :to and sent_at is not null")
                .param("to", loop.partner.ownerEmail()).query(Long.class).single()).isZero();
    }

    private List<MimeMessage> mailsToOwner(GreenMail smtp) throws Exception {
        // sending is synchronous with the attempt, so what was sent has arrived
        return Arrays.stream(smtp.getReceivedMessages()).filter(m -> {
            try {
                return Arrays.stream(m.getRecipients(Message.RecipientType.TO))
                        .anyMatch(a -> a.toString().equalsIgnoreCase(loop.partner.ownerEmail()));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).toList();
    }
}
