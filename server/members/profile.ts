import { and, eq, isNull, sql } from "drizzle-orm";
import { verifyPassword } from "#server/auth/passwords";
import type { Db } from "#server/db/client";
import { members } from "#server/db/schema";
import { AppError, notFoundError } from "#server/errors";
import { memberSearchText } from "#server/search/search-text";
import { emailTakenError, isEmailTaken, isEmailUniqueViolation } from "./email";
import type { MemberProfile, ProfileUpdateInput } from "./member.schema";

/** A saved profile: the birth date and prefecture may be missing on a member the store registered. */
export type SavedProfile = Omit<MemberProfile, "birthdate" | "prefCode"> & {
  birthdate: string | null;
  prefCode: number | null;
};

const live = (siteId: string, memberId: number) =>
  and(eq(members.siteId, siteId), eq(members.id, memberId), isNull(members.withdrawnAt));

/** The member's profile on this site (404 for another site's member or a withdrawn one). */
export async function getProfile(db: Db, siteId: string, memberId: number): Promise<SavedProfile> {
  const [row] = await db
    .select({
      userType: members.userType,
      company: members.company,
      companyKana: members.companyKana,
      name: members.name,
      kana: members.kana,
      email: members.email,
      gender: members.gender,
      birthdate: members.birthdate,
      tel: members.tel,
      zip: members.zip,
      country: members.country,
      prefCode: members.prefCode,
      addressA: members.addressA,
      addressB: members.addressB,
      newsletter: members.newsletter,
    })
    .from(members)
    .where(live(siteId, memberId));
  if (!row) throw notFoundError();
  return {
    ...row,
    userType: row.userType === 2 ? 2 : 1,
    email: row.email ?? "",
    gender: row.gender === 1 || row.gender === 2 ? row.gender : null,
    newsletter: row.newsletter === 1 ? 1 : 0,
  };
}

const fieldError = (field: string, code: "password_required" | "current_password_incorrect") =>
  new AppError("invalid_input", { fieldErrors: { [field]: { code } } });

/**
 * Saves the profile with the registration rules. A new e-mail address (not only a change of
 * case) needs the current password, and must not be another live member's on this site.
 */
export async function updateProfile(
  db: Db,
  siteId: string,
  memberId: number,
  input: ProfileUpdateInput,
): Promise<{ emailChanged: boolean }> {
  const [current] = await db
    .select({ email: members.email, passwordHash: members.passwordHash })
    .from(members)
    .where(live(siteId, memberId));
  if (!current) throw notFoundError();
  const email = input.email.trim();
  const emailChanged = email.toLowerCase() !== (current.email ?? "").toLowerCase();
  if (emailChanged) {
    if (!input.currentPassword) throw fieldError("current_password", "password_required");
    const ok = current.passwordHash ? await verifyPassword(current.passwordHash, input.currentPassword) : false;
    if (!ok) throw fieldError("current_password", "current_password_incorrect");
    if (await isEmailTaken(db, siteId, email, memberId)) throw emailTakenError();
  }
  try {
    await db
      .update(members)
      .set({
        userType: input.userType,
        company: input.company,
        companyKana: input.companyKana,
        name: input.name,
        kana: input.kana,
        email,
        gender: input.gender,
        birthdate: input.birthdate || null,
        tel: input.tel,
        zip: input.zip,
        country: input.country,
        prefCode: input.prefCode,
        addressA: input.addressA,
        addressB: input.addressB,
        newsletter: input.newsletter,
        searchText: memberSearchText({ ...input, email }),
        updatedAt: sql`now()`,
      })
      .where(live(siteId, memberId));
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  return { emailChanged };
}
