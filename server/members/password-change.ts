import { and, eq, isNull, sql } from "drizzle-orm";
import { hashPassword, isCommonPassword, verifyPassword } from "#server/auth/passwords";
import type { Db } from "#server/db/client";
import { members } from "#server/db/schema";
import { AppError, notFoundError } from "#server/errors";
import type { PasswordChangeInput } from "./member.schema";

/**
 * Password change in My Page (spec §4): the current password must be right; the new one follows
 * the password rules and is not a common one. The route then rotates the session id, which ends
 * the member's other sessions.
 */
export async function changePassword(db: Db, siteId: string, memberId: number, input: PasswordChangeInput) {
  const where = and(eq(members.siteId, siteId), eq(members.id, memberId), isNull(members.withdrawnAt));
  const [member] = await db.select({ passwordHash: members.passwordHash }).from(members).where(where);
  if (!member) throw notFoundError();
  const ok = member.passwordHash ? await verifyPassword(member.passwordHash, input.current_password) : false;
  if (!ok) {
    throw new AppError("invalid_input", { fieldErrors: { current_password: { code: "current_password_incorrect" } } });
  }
  if (isCommonPassword(input.password)) {
    throw new AppError("invalid_input", { fieldErrors: { password: { code: "password_common" } } });
  }
  const passwordHash = await hashPassword(input.password);
  await db.update(members).set({ passwordHash, updatedAt: sql`now()` }).where(where);
}
