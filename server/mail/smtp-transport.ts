import nodemailer from "nodemailer";
import type { MailAttachment } from "./message";

/** One mail as the relay hands it to a transport. */
export interface OutgoingMail {
  /** The outbox row: the Message-ID is derived from it, so a receiver can drop a copy resent after a crash. */
  id: number;
  siteId: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Files stored with the mail (a booking's `.ics`). */
  attachments?: readonly MailAttachment[];
}

/** Delivers one mail or throws; the relay records the outcome. */
export interface MailTransport {
  deliver(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export interface SmtpConfig {
  SMTP_HOST?: string;
  SMTP_PORT?: number;
  SMTP_SECURE: boolean;
  SMTP_USER?: string;
  SMTP_PASS?: string;
  MAIL_FROM: string;
}

/** Timeouts keep one delivery well inside the relay's lease (`RELAY_LEASE_MS`). */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

export function createSmtpTransport(config: SmtpConfig): MailTransport {
  if (!config.SMTP_HOST) throw new Error("SMTP_HOST is required for the smtp mail transport");
  const transporter = nodemailer.createTransport(
    {
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE,
      auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS } : undefined,
      ...SMTP_TIMEOUTS,
    },
    { from: config.MAIL_FROM },
  );
  const domain = config.MAIL_FROM.replace(/>$/, "").split("@").pop();
  return {
    async deliver(mail) {
      const messageId = `<outbox-${mail.siteId}-${mail.id}@${domain}>`;
      await transporter.sendMail({
        messageId,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
        })),
      });
      return { messageId };
    },
    close: () => transporter.close(),
  };
}
