import type { Locale } from "#common/locales";
import { hashPassword, isCommonPassword } from "#server/auth/passwords";
import type { Db } from "#server/db/client";
import { members } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Mailer } from "#server/mail/mailer";
import type { DbOrTx } from "#server/mail/outbox";
import { memberSearchText } from "#server/search/search-text";
import { emailTakenError, isEmailTaken, isEmailUniqueViolation } from "./email";
import type { MemberProfile, RegistrationInput } from "./member.schema";

/**
 * What the registration steps keep in the session between input and register: the checked
 * profile and the password's Argon2id hash (the plain password is never stored).
 */
export interface RegistrationDraft {
  profile: MemberProfile;
  passwordHash: string;
}

/** The welcome mail, rendered by the delivery side in the member's language. */
export type WelcomeMail = (member: { name: string; email: string; company: string; userType: 1 | 2 }) => {
  subject: string;
  text: string;
};

export interface RegisterDeps {
  mailer: Mailer;
  /** The page's language: the member's mails follow it. */
  locale: Locale;
  welcome: WelcomeMail;
}

const commonPasswordError = () =>
  new AppError("invalid_input", { fieldErrors: { password: { code: "password_common" } } });

/**
 * The input step (`/user/regist`): refuses a common password and an address already registered,
 * then hashes the password for the draft.
 */
export async function prepareRegistration(
  db: Db,
  siteId: string,
  input: RegistrationInput,
): Promise<RegistrationDraft> {
  const { password, ...profile } = input;
  if (isCommonPassword(password)) throw commonPasswordError();
  if (await isEmailTaken(db, siteId, profile.email)) throw emailTakenError();
  return { profile, passwordHash: await hashPassword(password) };
}

/**
 * Writes a member's row from a checked profile: with a password hash (registration), or none when
 * the store registers them (`registeredByStore`: they set a first one from the mail).
 */
export async function insertMember(
  tx: DbOrTx,
  siteId: string,
  profile: MemberProfile,
  account: { passwordHash: string | null; locale: Locale; registeredByStore?: boolean },
): Promise<number> {
  const [row] = await tx
    .insert(members)
    .values({
      siteId,
      userType: profile.userType,
      company: profile.company,
      companyKana: profile.companyKana,
      name: profile.name,
      kana: profile.kana,
      email: profile.email,
      passwordHash: account.passwordHash,
      gender: profile.gender,
      birthdate: profile.birthdate || null,
      tel: profile.tel,
      zip: profile.zip,
      country: profile.country,
      prefCode: profile.prefCode,
      addressA: profile.addressA,
      addressB: profile.addressB,
      newsletter: profile.newsletter,
      searchText: memberSearchText(profile),
      locale: account.locale,
      registeredByStore: account.registeredByStore ?? false,
    })
    .returning({ id: members.id });
  if (!row) throw new Error("member not created");
  return row.id;
}

/**
 * Creates the member (spec §4 registration) in one transaction with its welcome mail: refuses an
 * address a live member of this site already uses (case-insensitive; also when another request
 * took it in the meantime, through the unique index) and a common password. Accepts the input
 * with its plain password or a draft holding the hash.
 */
export async function register(
  db: Db,
  siteId: string,
  input: RegistrationInput | RegistrationDraft,
  deps: RegisterDeps,
): Promise<{ memberId: number }> {
  let profile: MemberProfile;
  let passwordHash: string;
  if ("passwordHash" in input) {
    ({ profile, passwordHash } = input);
  } else {
    const { password, ...rest } = input;
    if (isCommonPassword(password)) throw commonPasswordError();
    profile = rest;
    passwordHash = await hashPassword(password);
  }
  const email = profile.email.trim();
  try {
    return await db.transaction(async (tx) => {
      if (await isEmailTaken(tx, siteId, email)) throw emailTakenError();
      const memberId = await insertMember(tx, siteId, { ...profile, email }, { passwordHash, locale: deps.locale });
      const mail = deps.welcome({ name: profile.name, email, company: profile.company, userType: profile.userType });
      await deps.mailer.send(tx, siteId, { to: email, ...mail, locale: deps.locale, kind: "welcome" });
      return { memberId };
    });
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
}

/** The session key the registration draft is kept under. */
export const REGISTRATION_DRAFT_KEY = "registration";

/** What the session holds between the steps: the draft, and why the last register failed. */
export interface StoredDraft extends RegistrationDraft {
  /** Set when `/user/register` refused the draft (the address was taken in the meantime). */
  error?: "email_taken";
}

/** The draft from the session's data, or null when absent or not one this code wrote. */
export function readDraft(value: unknown): StoredDraft | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Partial<StoredDraft>;
  const p = v.profile as Partial<MemberProfile> | undefined;
  if (typeof v.passwordHash !== "string" || !v.passwordHash.startsWith("$argon2")) return null;
  if (!p || typeof p !== "object" || typeof p.email !== "string" || typeof p.name !== "string") return null;
  if (p.userType !== 1 && p.userType !== 2) return null;
  return {
    profile: p as MemberProfile,
    passwordHash: v.passwordHash,
    error: v.error === "email_taken" ? v.error : undefined,
  };
}
