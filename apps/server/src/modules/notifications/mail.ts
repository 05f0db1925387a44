import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable Message-ID (the outbox's row), so a message sent twice reads as one. */
  messageId?: string | undefined;
  /** Files attached (the proforma invoice of the "order placed" mail). */
  attachments?: { filename: string; content: Buffer; contentType: string }[] | undefined;
}

/** Sends e-mail. The SMTP one is used when SMTP_URL is set. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer. SMTP_URL is smtp://[user:pass@]host:port (STARTTLS when the server
 * offers it) or smtps://... (TLS from the start); nodemailer's URL options such as ?ignoreTLS=true apply.
 */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const options: SMTPTransport.Options = {
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
  const transporter = nodemailer.createTransport(options, { from });
  return {
    async send({ messageId, ...message }) {
      const { attachments, ...rest } = message;
      await transporter.sendMail({ ...rest, ...(attachments?.length ? { attachments } : {}), ...(messageId ? { messageId } : {}) });
    },
    close() {
      transporter.close();
    },
  };
}
