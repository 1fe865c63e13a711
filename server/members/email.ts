import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { members } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";

/** The refusal of an address another member of the site already uses (spec §8). */
export const emailTakenError = () => new AppError("invalid_input", { fieldErrors: { email: { code: "email_taken" } } });

/**
 * Whether another live member of this site uses this address, whatever its case (withdrawn
 * members do not count; the same address on another site is another account).
 */
export async function isEmailTaken(db: Db | DbOrTx, siteId: string, email: string, exceptMemberId?: number) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.siteId, siteId),
        sql`lower(${members.email}) = ${email.trim().toLowerCase()}`,
        isNull(members.withdrawnAt),
        exceptMemberId === undefined ? undefined : ne(members.id, exceptMemberId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A write lost the race to another with the same address: the per-site unique index said no. */
export function isEmailUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505")
      return (
        e.constraint === undefined ||
        e.constraint === "members_site_email" ||
        /members_site_email/.test(e.message ?? "")
      );
    e = e.cause as typeof e;
  }
  return false;
}
