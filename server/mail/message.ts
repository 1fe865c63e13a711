import { z } from "zod";
import { LOCALES } from "../../common/locales";

/** What a mail is about. Stored with each mail; logs name it instead of the content. */
export const MAIL_KINDS = [
  "welcome",
  "password_reset",
  "reservation_confirmed",
  "reservation_cancelled",
  "reservation_changed",
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
});
export type MailMessage = z.infer<typeof MailMessageSchema>;
