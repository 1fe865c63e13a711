import type { CountryCode } from "libphonenumber-js/min";
import { phoneRules } from "#phone-rules";
import { halfWidth } from "./tel";

/**
 * Phone numbers in national or international form (`090-1234-5678`, `+82 10-1234-5678`), checked
 * with libphonenumber's small ("min") metadata and stored in E.164 (`+819012345678`). A national
 * number is read in the address's country (Japan by default). Client-safe: the forms' schemas
 * run it in the browser too, which has no rules (decision 055): there a number is refused only
 * for what no country's numbers are (other characters, fewer than four digits), and the server
 * judges the rest, answering next to the field with the same message.
 */

/** Only what a phone number is written with: digits, spaces, + ( ) - . / and an extension mark. */
const PHONE_CHARS = /^\+?[0-9\s().\-/]+(?:(?:ext\.?|x|#)\s*[0-9]+)?$/i;

/** No country has valid numbers of fewer digits (common/phone.test.ts checks every region). */
export const MIN_PHONE_DIGITS = 4;

export type PhoneResult = { ok: true; e164: string; country: string | null } | { ok: false };

/** A typed phone number → E.164, read in `region` when it has no country code. */
export function parsePhone(input: string, region = "JP"): PhoneResult {
  const text = halfWidth(input);
  if (!text || text.length > 30 || !PHONE_CHARS.test(text)) return { ok: false };
  if (text.replace(/\D/g, "").length < MIN_PHONE_DIGITS) return { ok: false };
  const rules = phoneRules();
  // The browser: taken as written; the server, with the rules, has the last word.
  if (!rules) return { ok: true, e164: text, country: null };
  const number = rules.parsePhoneNumberFromString(text, (region || "JP") as CountryCode);
  if (!number?.isValid()) return { ok: false };
  // Kept only when it reads back as sent: the small metadata takes `0901234567` (a digit short) as
  // valid, and would show it as `901234567`, matching none of the country's formats (issue 38).
  const national = number.formatNational();
  if (/^\d+$/.test(national)) return { ok: false };
  const digits = (s: string) => s.replace(/\D/g, "");
  const sent = digits(text);
  const international = text.startsWith("+");
  const shown = digits(international ? number.formatInternational() : national);
  // `+81 090-…`: the trunk 0 written after the country code, a common way to write it.
  const trunkAfterCode = `${number.countryCallingCode}0${number.nationalNumber}`;
  if (sent !== shown && !(international && sent.startsWith(trunkAfterCode) && sent.length === shown.length + 1))
    return { ok: false };
  return { ok: true, e164: number.number, country: number.country ?? null };
}

/**
 * A stored number as a reader expects it: in national form when it belongs to the reader's
 * country (Japan for the store and for Japanese readers), otherwise in international form. A
 * number stored before E.164 (`090-1234-5678`) is read as Japanese; text that is no number is
 * shown as it is.
 */
export function formatPhone(stored: string | null | undefined, home = "JP"): string {
  const text = (stored ?? "").trim();
  if (!text) return "";
  const key = `${home} ${text}`;
  let shown = formatted.get(key);
  if (shown === undefined) {
    const number = phoneRules()?.parsePhoneNumberFromString(text, "JP");
    shown = !number?.isValid()
      ? text
      : number.country === home
        ? number.formatNational()
        : number.formatInternational();
    if (formatted.size >= FORMATTED_KEPT) formatted.delete(formatted.keys().next().value as string);
    formatted.set(key, shown);
  }
  return shown;
}

/**
 * Numbers formatted lately: a booking's mails show the borrower's and the driver's (often the same)
 * in both mails, and libphonenumber reads a number afresh each time.
 */
const formatted = new Map<string, string>();
const FORMATTED_KEPT = 200;
