import * as z from "zod/mini";

/**
 * Field rules shared by the account forms (login, registration, profile, passwords, drivers),
 * client-safe: messages are reason codes (spec §5). Values arrive as form strings.
 */

export const PASSWORD_LENGTH = { min: 6, max: 128 } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Half-width letters, digits and symbols, no spaces (spec §5: half-width alphanumerics). */
const HALF_WIDTH = /^[\x21-\x7e]+$/;

/** A form string, trimmed; a missing field reads as "". */
export const formText = z.pipe(z._default(z.string(), ""), z.string().check(z.trim()));

/** Text that must be there, with its own "not entered" code, at most `max` characters. */
export const requiredText = (missing: string, max = 100) =>
  formText.check(z.minLength(1, missing), z.maxLength(max, "text_too_long"));

export const optionalText = (max = 100) => formText.check(z.maxLength(max, "text_too_long"));

/**
 * The name's reading (the spec's "kana"): katakana as Japanese pages ask for it, or Latin letters
 * as on a passport, which the other languages ask for. Other scripts (hangul, hanzi) are refused.
 */
const NAME_READING = /^[\p{Script=Latin}\p{Script=Katakana}ー・･\s'’.,-]+$/u;
export const isNameReading = (value: string) =>
  value === "" || (NAME_READING.test(value) && /[^\s'’.,・･-]/u.test(value));

/** A name's reading that must be there, at most `max` characters. */
export const nameReading = (missing: string, max = 50) =>
  requiredText(missing, max).check(z.refine(isNameReading, "kana_invalid"));

export const emailField = formText.check(
  z.minLength(1, "email_required"),
  z.maxLength(254, "email_invalid"),
  z.regex(EMAIL, "email_invalid"),
);

/** A password as typed at login: only its presence is checked (never trimmed). */
export const passwordEntered = z._default(z.string(), "").check(z.minLength(1, "password_required"));

/** A new password (registration, reset, change); the server also refuses common ones. */
export const newPassword = z
  ._default(z.string(), "")
  .check(
    z.minLength(1, "password_required"),
    z.minLength(PASSWORD_LENGTH.min, "password_too_short"),
    z.maxLength(PASSWORD_LENGTH.max, "password_too_long"),
    z.regex(HALF_WIDTH, "password_not_halfwidth"),
  );

/** The page a login returns to: a path on this host only, never `//elsewhere` or a URL. */
export const safeReturnPath = (value: string | null | undefined): string | null =>
  value && /^\/(?!\/)[^\\\s]*$/.test(value) && value.length <= 500 ? value : null;

export const LoginSchema = z.object({ email: emailField, password: passwordEntered });
export type LoginInput = z.infer<typeof LoginSchema>;
