import type nodemailer from 'nodemailer';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

/** How the outbox hands an email to the outside world; a rejection means "not delivered, try again later". */
export interface EmailSender {
  send(email: Email): Promise<void>;
  close(): void;
}

/**
 * Email through an SMTP server (SMTP_URL, e.g. smtp://user:password@mail.example:587) with nodemailer,
 * from MAIL_FROM. The time limits keep one send well inside the outbox's claim on the message, so a slow
 * server can never make a second API server take the message over and send it again. nodemailer is loaded only
 * when SMTP_URL is set (a start without it saves loading it).
 */
export async function smtpEmailSender(smtpUrl: string, from: string): Promise<EmailSender> {
  const { default: mailer } = await import('nodemailer');
  const transporter = mailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as nodemailer.TransportOptions);
  return {
    async send(email) {
      await transporter.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
    },
    close() {
      transporter.close();
    },
  };
}
