import * as z from "zod/mini";
import { countryCode } from "#common/address";
import { LOCALES } from "#common/locales";
import { BIRTH_YEAR_MIN, DEFAULT_BIRTH_YEAR } from "#common/member-form";
import { formatPhone } from "#common/phone";
import { emailField, formText, nameReading, newPassword, optionalText, requiredText } from "#server/auth/fields.schema";
import { checkContact } from "./address.schema";

/**
 * The member forms (spec §3 User, §5): registration and profile edit share every profile rule;
 * registration adds the password and its confirmation, the profile edit the current password
 * (asked for only when the e-mail changes, which the server decides). Client-safe: messages are
 * reason codes, values arrive as form strings.
 */

export const MEMBER_LIMITS = {
  name: 50,
  kana: 50,
  company: 100,
  tel: 30,
  zip: 12,
  country: 100,
  address: 200,
} as const;
export { BIRTH_YEAR_MIN, DEFAULT_BIRTH_YEAR };

export const USER_TYPE = { individual: 1, corporate: 2 } as const;

const PREF = /^(?:[1-9]|[1-3][0-9]|4[0-8])$/;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
const pad = (n: number, width: number) => String(n).padStart(width, "0");

export type BirthdateResult = { ok: true; value: string | null } | { ok: false };

/**
 * Year, month and day as chosen in the three selects → "YYYY-MM-DD", or null when month and day
 * are empty (or zero: "0000/00/00" is unset, spec §3; the year has a default, so alone it says
 * nothing). A partly chosen, non-existent or future date
 * (or a year before 1900) is refused.
 */
export function parseBirthdate(year: string, month: string, day: string, today = new Date()): BirthdateResult {
  const parts = [year, month, day].map((p) => p.trim());
  if (parts.some((p) => p !== "" && !/^[0-9]{1,4}$/.test(p))) return { ok: false };
  const [y, m, d] = parts.map((p) => (p === "" ? 0 : Number(p))) as [number, number, number];
  // The year select starts on 1990: a year alone, without month and day, is "not entered".
  if (m === 0 && d === 0) return { ok: true, value: null };
  if (y < BIRTH_YEAR_MIN || m < 1 || m > 12 || d < 1 || d > daysIn(y, m)) return { ok: false };
  const value = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
  const todayIso = `${pad(today.getFullYear(), 4)}-${pad(today.getMonth() + 1, 2)}-${pad(today.getDate(), 2)}`;
  return value > todayIso ? { ok: false } : { ok: true, value };
}

/** "YYYY-MM-DD" (or null) → the three select values; an unset date keeps the default year. */
export function birthdateParts(value: string | null | undefined): {
  birth_year: string;
  birth_month: string;
  birth_day: string;
} {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return { birth_year: String(DEFAULT_BIRTH_YEAR), birth_month: "", birth_day: "" };
  return { birth_year: String(Number(m[1])), birth_month: String(Number(m[2])), birth_day: String(Number(m[3])) };
}

const choice = (pattern: RegExp) => formText.check(z.regex(pattern, "invalid_choice"));

/** The profile fields, as form strings (checked one by one; the cross-field rules come after). */
const profileFields = {
  user_type: formText.check(z.minLength(1, "user_type_required"), z.regex(/^[12]?$/, "invalid_choice")),
  company: optionalText(MEMBER_LIMITS.company),
  company_kana: optionalText(MEMBER_LIMITS.company),
  name: requiredText("name_required", MEMBER_LIMITS.name),
  kana: nameReading("kana_required", MEMBER_LIMITS.kana),
  email: emailField,
  gender: choice(/^[12]?$/),
  birth_year: formText,
  birth_month: formText,
  birth_day: formText,
  // Phone, postal code and country depend on one another: checked in profileIssues.
  tel: optionalText(MEMBER_LIMITS.tel),
  zip: optionalText(MEMBER_LIMITS.zip),
  // Required for an address in Japan only: checked with the country among the cross-field rules.
  pref_code: formText.check(z.refine((v) => v === "" || PREF.test(v), "invalid_choice")),
  country: optionalText(MEMBER_LIMITS.country),
  address_a: requiredText("city_required", MEMBER_LIMITS.address),
  address_b: optionalText(MEMBER_LIMITS.address),
  newsletter: choice(/^[01]?$/),
};

type RawProfile = { [K in keyof typeof profileFields]: string };

type Issue = { code: "custom"; message: string; path: string[]; input: unknown };
const issue = (field: string, code: string, input: unknown): Issue => ({
  code: "custom",
  message: code,
  path: [field],
  input,
});
const str = (v: unknown) => (typeof v === "string" ? v : "");

const contactOf = (v: Partial<RawProfile>) =>
  checkContact(
    { tel: str(v.tel), zip: str(v.zip), pref_code: str(v.pref_code), country: str(v.country) },
    { telRequired: true, zipRequired: true, prefRequired: true, countryRequired: true },
  );

/** The rules between fields: company for a corporation, the birth date, the country for overseas. */
function profileIssues(v: Partial<RawProfile>, today: Date): Issue[] {
  const issues: Issue[] = [];
  if (str(v.user_type) === String(USER_TYPE.corporate)) {
    if (!str(v.company)) issues.push(issue("company", "company_required", v.company));
    if (!str(v.company_kana)) issues.push(issue("company_kana", "company_kana_required", v.company_kana));
  }
  const birth = parseBirthdate(str(v.birth_year), str(v.birth_month), str(v.birth_day), today);
  if (!birth.ok) issues.push(issue("birthdate", "birthdate_invalid", v.birth_year));
  else if (birth.value === null) issues.push(issue("birthdate", "birthdate_required", v.birth_year));
  for (const i of contactOf(v).issues) issues.push(issue(i.field, i.code, v[i.field]));
  return issues;
}

/** A member's profile as the domain stores it. */
export interface MemberProfile {
  userType: 1 | 2;
  company: string;
  companyKana: string;
  name: string;
  kana: string;
  email: string;
  gender: 1 | 2 | null;
  /** "YYYY-MM-DD". */
  birthdate: string;
  /** E.164. */
  tel: string;
  /** Japan: 7 half-width digits; abroad: as the country writes it, or "" where it has none. */
  zip: string;
  /** ISO 3166-1 alpha-2 ("JP" for a prefecture 1–47). */
  country: string;
  prefCode: number;
  addressA: string;
  addressB: string;
  newsletter: 0 | 1;
}

function toProfile(v: RawProfile): MemberProfile {
  const corporate = v.user_type === String(USER_TYPE.corporate);
  const birth = parseBirthdate(v.birth_year, v.birth_month, v.birth_day);
  const contact = contactOf(v);
  return {
    userType: corporate ? 2 : 1,
    company: corporate ? v.company : "",
    companyKana: corporate ? v.company_kana : "",
    name: v.name,
    kana: v.kana,
    email: v.email,
    gender: v.gender === "1" ? 1 : v.gender === "2" ? 2 : null,
    birthdate: birth.ok && birth.value ? birth.value : "",
    tel: contact.tel,
    zip: contact.zip,
    country: contact.country,
    prefCode: contact.prefCode ?? Number(v.pref_code),
    addressA: v.address_a,
    addressB: v.address_b,
    newsletter: v.newsletter === "1" ? 1 : 0,
  };
}

const always = { when: () => true };

/** Registration (spec §4): the profile, a new password and its confirmation. */
export const RegistrationSchema = z.pipe(
  z
    .object({
      ...profileFields,
      password: newPassword,
      password_confirm: z._default(z.string(), ""),
    })
    .check(
      z.superRefine((v, ctx) => {
        ctx.issues.push(...profileIssues(v, new Date()));
        const confirm = str(v.password_confirm);
        if (!confirm) ctx.issues.push(issue("password_confirm", "password_required", confirm));
        else if (typeof v.password === "string" && confirm !== v.password) {
          ctx.issues.push(issue("password_confirm", "password_mismatch", confirm));
        }
      }, always),
    ),
  z.transform((v) => ({ ...toProfile(v), password: v.password })),
);
export type RegistrationInput = z.infer<typeof RegistrationSchema>;

/**
 * Profile edit: the same rules; `current_password` is checked by the server when the e-mail
 * changes (spec: a change of e-mail asks for the current password).
 */
export const ProfileUpdateSchema = z.pipe(
  z
    .object({ ...profileFields, current_password: z._default(z.string(), "") })
    .check(z.superRefine((v, ctx) => void ctx.issues.push(...profileIssues(v, new Date())), always)),
  z.transform((v) => ({ ...toProfile(v), currentPassword: v.current_password })),
);
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateSchema>;

/**
 * A member registered at the store by staff (issue 24): the registration's profile rules without
 * the password (the member sets a first one from the mail), and the language of their mails.
 */
export const StoreRegistrationSchema = z.pipe(
  z
    .object({ ...profileFields, locale: z.enum(LOCALES, "invalid_choice") })
    .check(z.superRefine((v, ctx) => void ctx.issues.push(...profileIssues(v, new Date())), always)),
  z.transform((v) => ({ ...toProfile(v), locale: v.locale })),
);
export type StoreRegistrationInput = z.infer<typeof StoreRegistrationSchema>;

/** Password change in My Page: the current one, a new one and its confirmation. */
export const PasswordChangeSchema = z
  .object({
    current_password: z._default(z.string(), "").check(z.minLength(1, "password_required")),
    password: newPassword,
    password_confirm: z._default(z.string(), ""),
  })
  .check(
    z.superRefine((v, ctx) => {
      const confirm = str(v.password_confirm);
      if (!confirm) ctx.issues.push(issue("password_confirm", "password_required", confirm));
      else if (typeof v.password === "string" && confirm !== v.password) {
        ctx.issues.push(issue("password_confirm", "password_mismatch", confirm));
      }
    }, always),
  );
export type PasswordChangeInput = z.infer<typeof PasswordChangeSchema>;

/** A saved profile → the form's strings (profile edit, and Back from the confirmation). */
export function profileFormValues(
  p: Omit<MemberProfile, "birthdate"> & { birthdate: string | null },
): Record<string, string> {
  return {
    user_type: String(p.userType),
    company: p.company,
    company_kana: p.companyKana,
    name: p.name,
    kana: p.kana,
    email: p.email,
    gender: p.gender === null ? "" : String(p.gender),
    ...birthdateParts(p.birthdate),
    tel: formatPhone(p.tel),
    zip: p.zip,
    country: countryCode(p.country) ?? "",
    pref_code: p.prefCode ? String(p.prefCode) : "",
    address_a: p.addressA,
    address_b: p.addressB,
    newsletter: String(p.newsletter),
  };
}
