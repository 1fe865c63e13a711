import { z } from "zod";
import { LOCALES } from "#common/locales";

/** What a mail is about. Stored with each mail; logs name it instead of the content. */
export const MAIL_KINDS = [
  "welcome",
  "password_reset",
  "reservation_confirmed",
  "reservation_cancelled",
  "reservation_changed",
  "payment_settled",
  "store_notification",
  "staff_invitation",
  "staff_password_reset",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

const singleLine = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((v) => !/[\r\n]/.test(v), "must be one line");

/**
 * A file sent with a mail, such as a booking's `.ics` (issue 25): small text, stored in the outbox
 * row with the mail so the relay delivers exactly what the transaction wrote.
 */
export const MailAttachmentSchema = z.object({
  filename: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._-]+$/),
  contentType: singleLine(200),
  content: z.string().min(1).max(200_000),
});
export type MailAttachment = z.infer<typeof MailAttachmentSchema>;

/** A rendered mail, ready to store: the caller has already localised it into `locale`. */
export const MailMessageSchema = z.object({
  to: z.email().max(254),
  subject: singleLine(500),
  text: z.string().min(1),
  html: z.string().min(1).optional(),
  locale: z.enum(LOCALES),
  kind: z.enum(MAIL_KINDS),
  /** The booking the mail is about: its history in the back office lists it. */
  reservationId: z.number().int().positive().optional(),
  attachments: z.array(MailAttachmentSchema).max(5).optional(),
});
export type MailMessage = z.infer<typeof MailMessageSchema>;
