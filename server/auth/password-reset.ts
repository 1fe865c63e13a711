import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Locale } from "#common/locales";
import type { Db } from "#server/db/client";
import { members, passwordResetTokens, rateLimits } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Mailer } from "#server/mail/mailer";
import type { DbOrTx } from "#server/mail/outbox";
import { findMemberByEmail } from "./login";
import type { PasswordRequestInput, PasswordResetInput } from "./password-reset.schema";
import { hashPassword, isCommonPassword } from "./passwords";
import { deleteMemberSessions, hashToken } from "./sessions";

const HOUR_MS = 60 * 60 * 1000;
/** Spec §4: a reset link works for one hour, once. */
export const RESET_LINK_TTL_MS = HOUR_MS;
/** Reset mails per address and site per hour; more requests are dropped silently. */
export const RESET_MAILS_PER_HOUR = 5;

/** The mail for one member: `firstPassword` when the store registered them and they have none yet. */
export type ResetMail = (args: { link: string; firstPassword: boolean }) => { subject: string; text: string };

export interface RequestResetOptions {
  mailer: Mailer;
  locale: Locale;
  linkFor: (token: string) => string;
  mail: ResetMail;
  now?: Date;
}

const resetKey = (siteId: string, email: string) => `reset:${siteId}:${email.trim().toLowerCase()}`;
const windowStart = (now: Date) => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

/** Counts one reset mail for this address; false when this hour's allowance is used up. */
async function takeResetAllowance(db: Db, key: string, now: Date): Promise<boolean> {
  const start = windowStart(now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(start.getTime() - HOUR_MS)));
  return (row?.count ?? 0) <= RESET_MAILS_PER_HOUR;
}

/**
 * A new one-hour, single-use link token for a member (only its SHA-256 is stored), in the caller's
 * transaction: recovery, and the first password of a member the store registered.
 */
export async function issueResetToken(db: DbOrTx, siteId: string, memberId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(passwordResetTokens).values({
    siteId,
    memberId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
    createdAt: now,
  });
  return token;
}

/**
 * Password recovery (spec §2 /password_request, §4): when a member of this site has this address,
 * a one-hour single-use link is mailed (only its SHA-256 is stored). An unknown address does
 * nothing, and the caller answers the same either way. At most five mails an hour per address.
 */
export async function requestReset(
  db: Db,
  siteId: string,
  input: PasswordRequestInput,
  options: RequestResetOptions,
): Promise<void> {
  const now = options.now ?? new Date();
  const member = await findMemberByEmail(db, siteId, input.email);
  if (!member) return;
  if (!(await takeResetAllowance(db, resetKey(siteId, input.email), now))) return;
  const [row] = await db
    .select({ email: members.email, registeredByStore: members.registeredByStore, passwordHash: members.passwordHash })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.id, member.id)));
  if (!row?.email) return;
  const token = await issueResetToken(db, siteId, member.id, now);
  const firstPassword = row.registeredByStore || !row.passwordHash;
  const { subject, text } = options.mail({ link: options.linkFor(token), firstPassword });
  await options.mailer.send(db, siteId, {
    to: row.email,
    subject,
    text,
    locale: options.locale,
    kind: "password_reset",
  });
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const invalidLink = () => new AppError("rejected", { reason: { code: "reset_link_invalid" } });

/** The live token's row (unused, unexpired, this site's), or undefined. */
export async function findResetToken(db: Db, siteId: string, token: string, now = new Date()) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await db
    .select({ id: passwordResetTokens.id, memberId: passwordResetTokens.memberId })
    .from(passwordResetTokens)
    .innerJoin(
      members,
      and(eq(members.siteId, passwordResetTokens.siteId), eq(members.id, passwordResetTokens.memberId)),
    )
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        eq(passwordResetTokens.siteId, siteId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
        isNull(members.withdrawnAt),
      ),
    );
  return row;
}

/**
 * Sets a new password from a reset link: the link must be this site's, unused and less than an
 * hour old. In one transaction the password is set, the link and the member's other links are
 * used up, and every session of the member ends.
 */
export async function resetPassword(db: Db, siteId: string, input: PasswordResetInput, now = new Date()) {
  const found = await findResetToken(db, siteId, input.token, now);
  if (!found) throw invalidLink();
  if (isCommonPassword(input.password)) {
    throw new AppError("invalid_input", { fieldErrors: { password: { code: "password_common" } } });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, found.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    // A concurrent use of the same link loses.
    if (!used.length) throw invalidLink();
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.siteId, siteId),
          eq(passwordResetTokens.memberId, found.memberId),
          isNull(passwordResetTokens.usedAt),
        ),
      );
    await tx
      .update(members)
      .set({ passwordHash, registeredByStore: false, updatedAt: now })
      .where(and(eq(members.siteId, siteId), eq(members.id, found.memberId)));
    await deleteMemberSessions(tx, siteId, found.memberId);
  });
  return { memberId: found.memberId };
}
