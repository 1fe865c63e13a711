import { and, eq, isNull, sql } from "drizzle-orm";
import type { Locale } from "#common/locales";
import type { Db } from "#server/db/client";
import { members } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { LoginInput } from "./fields.schema";
import { verifyDecoy, verifyPassword } from "./passwords";
import {
  accountKey,
  addressKey,
  LOGIN_RULE,
  recordSignInFailure,
  type ThrottleOptions,
  throttleSignIn,
} from "./throttle";

/** The member with this e-mail on this site (not withdrawn), or undefined. */
export async function findMemberByEmail(db: Db, siteId: string, email: string) {
  const [row] = await db
    .select({ id: members.id, passwordHash: members.passwordHash })
    .from(members)
    .where(
      and(
        eq(members.siteId, siteId),
        sql`lower(${members.email}) = ${email.trim().toLowerCase()}`,
        isNull(members.withdrawnAt),
      ),
    );
  return row;
}

/**
 * Checks an e-mail and password (spec §8: one answer, "Incorrect Email or Password", whether the
 * address is unknown, has no password yet or the password is wrong). Throttled per account and
 * per client address before any hashing: 429 once either has failed too often this hour.
 */
export async function login(
  db: Db,
  siteId: string,
  input: LoginInput & { clientIp: string; locale: Locale },
  throttle: ThrottleOptions = {},
): Promise<{ memberId: number }> {
  const keys = { account: accountKey(siteId, input.email), address: addressKey(input.clientIp) };
  await throttleSignIn(db, keys, LOGIN_RULE, throttle);
  const member = await findMemberByEmail(db, siteId, input.email);
  const ok = member?.passwordHash
    ? await verifyPassword(member.passwordHash, input.password)
    : await verifyDecoy(input.password);
  if (!member || !ok) {
    await recordSignInFailure(db, keys, throttle.now);
    throw new AppError("invalid_input", { reason: { code: "login_failed" } });
  }
  // Mails follow the language the member last used.
  await db
    .update(members)
    .set({ locale: input.locale })
    .where(and(eq(members.siteId, siteId), eq(members.id, member.id)));
  return { memberId: member.id };
}
