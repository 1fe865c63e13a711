import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { type AuditActor, changedFields, recordAudit, recordSignIn } from "#server/audit/audit-log";
import type { PasswordRequestInput, PasswordResetInput } from "#server/auth/password-reset.schema";
import { hashPassword, isCommonPassword, verifyDecoy, verifyPassword } from "#server/auth/passwords";
import { hashToken } from "#server/auth/sessions";
import {
  accountKey,
  addressKey,
  LOGIN_RULE,
  recordSignInFailure,
  type ThrottleOptions,
  throttleSignIn,
} from "#server/auth/throttle";
import type { Db } from "#server/db/client";
import { rateLimits, staff, staffStores, staffTokens, stores } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Mailer } from "#server/mail/mailer";
import { type Actor, authorize, type StaffRole } from "./permissions";
import { endStaffSessions } from "./sessions";
import type { AdminLocale, InviteStaffInput, UpdateStaffInput } from "./staff.schema";

const HOUR_MS = 60 * 60 * 1000;
/** An invitation is good for a week, a reset link for an hour; each once. */
export const STAFF_TOKEN_TTL_MS = { invitation: 7 * 24 * HOUR_MS, password_reset: HOUR_MS } as const;
type TokenKind = keyof typeof STAFF_TOKEN_TTL_MS;
const RESET_MAILS_PER_HOUR = 5;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The text of a mail with a link, in the recipient's back-office language (the delivery side writes it). */
export type StaffLinkMail = (args: { link: string; locale: AdminLocale }) => { subject: string; text: string };

export interface StaffMailOptions {
  mailer: Mailer;
  linkFor: (token: string) => string;
  mail: StaffLinkMail;
  now?: Date;
}

/** Throttling keys of their own, so a member's failures never lock out the staff login and back. */
const staffLoginKeys = (siteId: string, email: string, clientIp: string) => ({
  account: accountKey(`admin:${siteId}`, email),
  address: addressKey(clientIp),
});

async function findStaffByEmail(db: Db, siteId: string, email: string) {
  const [row] = await db
    .select({
      id: staff.id,
      email: staff.email,
      passwordHash: staff.passwordHash,
      locale: staff.locale,
      disabledAt: staff.disabledAt,
      totpSecret: staff.totpSecret,
    })
    .from(staff)
    .where(and(eq(staff.siteId, siteId), sql`lower(${staff.email}) = ${email.trim().toLowerCase()}`));
  return row;
}

/**
 * Checks a staff member's e-mail and password: one answer for an unknown address, a disabled
 * account, one not yet set up and a wrong password; throttled before any hashing, as members are.
 */
export async function verifyStaffLogin(
  db: Db,
  siteId: string,
  input: { email: string; password: string; clientIp: string },
  throttle: ThrottleOptions = {},
): Promise<{ staffId: number; twoFactor: boolean; locale: AdminLocale }> {
  const keys = staffLoginKeys(siteId, input.email, input.clientIp);
  try {
    await throttleSignIn(db, keys, LOGIN_RULE, throttle);
  } catch (error) {
    await recordSignIn(db, siteId, { staffId: null, email: input.email }, "throttled", input.clientIp);
    throw error;
  }
  const found = await findStaffByEmail(db, siteId, input.email);
  const usable = found?.passwordHash && !found.disabledAt ? found : undefined;
  const ok = usable?.passwordHash
    ? await verifyPassword(usable.passwordHash, input.password)
    : await verifyDecoy(input.password);
  if (!usable || !ok) {
    await recordSignInFailure(db, keys, throttle.now);
    await recordSignIn(
      db,
      siteId,
      { staffId: found?.id ?? null, email: input.email },
      "wrong_password",
      input.clientIp,
    );
    throw new AppError("invalid_input", { reason: { code: "login_failed" } });
  }
  // With a second factor the sign-in is recorded once the code is right (completeTwoFactorSignIn).
  if (usable.totpSecret === null) {
    await recordSignIn(db, siteId, { staffId: usable.id, email: usable.email }, "signed_in", input.clientIp);
  }
  await db
    .update(staff)
    .set({ lastLoginAt: new Date() })
    .where(and(eq(staff.siteId, siteId), eq(staff.id, usable.id)));
  return { staffId: usable.id, twoFactor: usable.totpSecret !== null, locale: usable.locale === "en" ? "en" : "ja" };
}

async function issueToken(db: Db, siteId: string, staffId: number, kind: TokenKind, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(staffTokens).values({
    siteId,
    staffId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + STAFF_TOKEN_TTL_MS[kind]),
    createdAt: now,
  });
  return token;
}

/** The staff member a live link of this kind belongs to, or undefined (unknown, used, expired, another site's). */
export async function findStaffToken(db: Db, siteId: string, kind: TokenKind, token: string, now = new Date()) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await db
    .select({ id: staffTokens.id, staffId: staffTokens.staffId, email: staff.email, name: staff.name })
    .from(staffTokens)
    .innerJoin(staff, and(eq(staff.siteId, staffTokens.siteId), eq(staff.id, staffTokens.staffId)))
    .where(
      and(
        eq(staffTokens.tokenHash, hashToken(token)),
        eq(staffTokens.siteId, siteId),
        eq(staffTokens.kind, kind),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, now),
        isNull(staff.disabledAt),
      ),
    );
  return row;
}

async function sendLink(
  db: Db,
  siteId: string,
  to: { email: string; locale: AdminLocale },
  token: string,
  options: StaffMailOptions,
  kind: "staff_invitation" | "staff_password_reset",
) {
  const { subject, text } = options.mail({ link: options.linkFor(token), locale: to.locale });
  await options.mailer.send(db, siteId, { to: to.email, subject, text, locale: to.locale, kind });
}

/**
 * Invites someone to the back office: an account without a password, and a mail with a link that
 * sets it (a week, once). Store staff name their stores, which must be this site's.
 */
export async function inviteStaff(
  db: Db,
  siteId: string,
  actor: Actor,
  input: InviteStaffInput,
  options: StaffMailOptions,
): Promise<{ staffId: number }> {
  authorize(actor, "staff.manage");
  const now = options.now ?? new Date();
  if (await findStaffByEmail(db, siteId, input.email)) {
    throw new AppError("invalid_input", { fieldErrors: { email: { code: "staff_email_taken" } } });
  }
  const storeIds = input.role === "store_staff" ? await ownStoreIds(db, siteId, input.store_ids) : [];
  const staffId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staff)
      .values({ siteId, email: input.email, name: input.name, role: input.role, locale: input.locale })
      .returning({ id: staff.id });
    if (!row) throw new Error("staff insert returned no row");
    if (storeIds.length) {
      await tx.insert(staffStores).values(storeIds.map((storeId) => ({ siteId, staffId: row.id, storeId })));
    }
    await recordAudit(tx, siteId, actor, {
      action: "staff.invite",
      entity: "staff",
      entityId: row.id,
      after: { email: input.email, name: input.name, role: input.role, storeIds, locale: input.locale },
    });
    return row.id;
  });
  const token = await issueToken(db, siteId, staffId, "invitation", now);
  await sendLink(db, siteId, { email: input.email, locale: input.locale }, token, options, "staff_invitation");
  return { staffId };
}

/** The ids among `ids` that are stores of this site; any other id is refused. */
async function ownStoreIds(db: Db, siteId: string, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) throw new AppError("invalid_input", { fieldErrors: { store_ids: { code: "stores_required" } } });
  const rows = await db.select({ id: stores.id }).from(stores).where(eq(stores.siteId, siteId));
  const own = new Set(rows.map((r) => r.id));
  if (!ids.every((id) => own.has(id))) {
    throw new AppError("invalid_input", { fieldErrors: { store_ids: { code: "invalid_choice" } } });
  }
  return [...new Set(ids)];
}

/**
 * Sets a password from a mailed link (an invitation or a reset): in one transaction the link and
 * the person's other links of that kind are used up, the password set, and their sessions ended.
 */
export async function setStaffPasswordFromLink(
  db: Db,
  siteId: string,
  kind: TokenKind,
  input: PasswordResetInput,
  now = new Date(),
): Promise<{ staffId: number }> {
  const invalid = () => new AppError("rejected", { reason: { code: "invitation_invalid" } });
  const found = await findStaffToken(db, siteId, kind, input.token, now);
  if (!found) throw invalid();
  if (isCommonPassword(input.password)) {
    throw new AppError("invalid_input", { fieldErrors: { password: { code: "password_common" } } });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const used = await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(and(eq(staffTokens.id, found.id), isNull(staffTokens.usedAt)))
      .returning({ id: staffTokens.id });
    if (!used.length) throw invalid();
    await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(and(eq(staffTokens.siteId, siteId), eq(staffTokens.staffId, found.staffId), isNull(staffTokens.usedAt)));
    await tx
      .update(staff)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(staff.siteId, siteId), eq(staff.id, found.staffId)));
    await endStaffSessions(tx, siteId, found.staffId);
    await recordAudit(
      tx,
      siteId,
      { staffId: found.staffId, name: found.email },
      {
        action: kind === "invitation" ? "staff.accept_invitation" : "staff.reset_password",
        entity: "staff",
        entityId: found.staffId,
      },
    );
  });
  return { staffId: found.staffId };
}

/**
 * Mails a reset link when an enabled account with a password has this address; the caller answers
 * the same whatever happened. At most five mails an hour per address.
 */
export async function requestStaffPasswordReset(
  db: Db,
  siteId: string,
  input: PasswordRequestInput,
  options: StaffMailOptions,
): Promise<void> {
  const now = options.now ?? new Date();
  const found = await findStaffByEmail(db, siteId, input.email);
  if (!found?.passwordHash || found.disabledAt) return;
  const windowStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const [count] = await db
    .insert(rateLimits)
    .values({ key: `admin-reset:${siteId}:${found.id}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  if ((count?.count ?? 0) > RESET_MAILS_PER_HOUR) return;
  const token = await issueToken(db, siteId, found.id, "password_reset", now);
  const locale = found.locale === "en" ? "en" : "ja";
  await sendLink(db, siteId, { email: found.email, locale }, token, options, "staff_password_reset");
}

export interface StaffListRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  storeIds: number[];
  invited: boolean;
  disabled: boolean;
  twoFactor: boolean;
  lastLoginAt: Date | null;
}

/** Everyone with an account on this site's back office, owners first (the owner's staff page). */
export async function listStaff(db: Db, siteId: string, actor: Actor): Promise<StaffListRow[]> {
  authorize(actor, "staff.manage");
  return readStaff(db, siteId);
}

async function readStaff(db: Db, siteId: string): Promise<StaffListRow[]> {
  const [rows, assignments] = await Promise.all([
    db
      .select({
        id: staff.id,
        email: staff.email,
        name: staff.name,
        role: staff.role,
        passwordHash: staff.passwordHash,
        disabledAt: staff.disabledAt,
        totpSecret: staff.totpSecret,
        lastLoginAt: staff.lastLoginAt,
      })
      .from(staff)
      .where(eq(staff.siteId, siteId))
      .orderBy(asc(staff.id)),
    db.select().from(staffStores).where(eq(staffStores.siteId, siteId)),
  ]);
  const order = (role: string) => ["owner", "manager", "store_staff", "read_only"].indexOf(role);
  return rows
    .map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      role: r.role as StaffRole,
      storeIds: assignments.filter((a) => a.staffId === r.id).map((a) => a.storeId),
      invited: r.passwordHash === null,
      disabled: r.disabledAt !== null,
      twoFactor: r.totpSecret !== null,
      lastLoginAt: r.lastLoginAt,
    }))
    .sort((a, b) => order(a.role) - order(b.role) || a.id - b.id);
}

/**
 * Changes someone's role, stores or access. The site always keeps an enabled owner, and no one
 * changes their own account here (so no one locks themselves out by mistake).
 */
export async function updateStaff(
  db: Db,
  siteId: string,
  actor: Actor,
  staffId: number,
  input: UpdateStaffInput,
): Promise<void> {
  authorize(actor, "staff.manage");
  const all = await readStaff(db, siteId);
  const current = all.find((s) => s.id === staffId);
  if (!current) throw new AppError("not_found");
  if (actor.staffId === staffId) throw new AppError("forbidden", { reason: { code: "forbidden" } });
  const disabled = !input.active;
  const remainsOwner = input.role === "owner" && !disabled;
  if (current.role === "owner" && !current.disabled && !remainsOwner) {
    const otherOwners = all.filter((s) => s.role === "owner" && !s.disabled && s.id !== staffId);
    if (!otherOwners.length) throw new AppError("rejected", { reason: { code: "last_owner" } });
  }
  const storeIds = input.role === "store_staff" ? await ownStoreIds(db, siteId, input.store_ids) : [];
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ role: input.role, disabledAt: disabled ? (current.disabled ? undefined : now) : null, updatedAt: now })
      .where(and(eq(staff.siteId, siteId), eq(staff.id, staffId)));
    await tx.delete(staffStores).where(and(eq(staffStores.siteId, siteId), eq(staffStores.staffId, staffId)));
    if (storeIds.length) {
      await tx.insert(staffStores).values(storeIds.map((storeId) => ({ siteId, staffId, storeId })));
    }
    if (disabled) await endStaffSessions(tx, siteId, staffId);
    const { before, after } = changedFields(
      { role: current.role, storeIds: current.storeIds, disabled: current.disabled },
      { role: input.role, storeIds, disabled },
    );
    if (Object.keys(after).length) {
      await recordAudit(tx, siteId, actor, {
        action: "staff.update",
        entity: "staff",
        entityId: staffId,
        before,
        after,
      });
    }
  });
}

/** The back office's language for this person, remembered for their next visit. */
export async function setStaffLocale(db: Db, siteId: string, staffId: number, locale: AdminLocale) {
  await db
    .update(staff)
    .set({ locale })
    .where(and(eq(staff.siteId, siteId), eq(staff.id, staffId)));
}

/**
 * Changes the signed-in staff member's password on their current one; their other sessions end
 * (the caller keeps this one on a new token).
 */
export async function changeStaffPassword(
  db: Db,
  siteId: string,
  actor: AuditActor & { staffId: number },
  input: { current_password: string; password: string },
): Promise<void> {
  const where = and(eq(staff.siteId, siteId), eq(staff.id, actor.staffId));
  const [row] = await db.select({ passwordHash: staff.passwordHash }).from(staff).where(where);
  const ok = row?.passwordHash ? await verifyPassword(row.passwordHash, input.current_password) : false;
  if (!ok) {
    throw new AppError("invalid_input", { fieldErrors: { current_password: { code: "current_password_incorrect" } } });
  }
  if (isCommonPassword(input.password)) {
    throw new AppError("invalid_input", { fieldErrors: { password: { code: "password_common" } } });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash, updatedAt: new Date() }).where(where);
    await endStaffSessions(tx, siteId, actor.staffId);
    await recordAudit(tx, siteId, actor, { action: "staff.change_password", entity: "staff", entityId: actor.staffId });
  });
}

/** Sends a new invitation to someone who has not set a password yet (the old links stop working). */
export async function resendInvitation(
  db: Db,
  siteId: string,
  actor: Actor,
  staffId: number,
  options: StaffMailOptions,
): Promise<void> {
  authorize(actor, "staff.manage");
  const now = options.now ?? new Date();
  const [row] = await db
    .select({
      email: staff.email,
      locale: staff.locale,
      passwordHash: staff.passwordHash,
      disabledAt: staff.disabledAt,
    })
    .from(staff)
    .where(and(eq(staff.siteId, siteId), eq(staff.id, staffId)));
  if (!row) throw new AppError("not_found");
  if (row.passwordHash || row.disabledAt) throw new AppError("rejected", { reason: { code: "invitation_invalid" } });
  await db
    .update(staffTokens)
    .set({ usedAt: now })
    .where(and(eq(staffTokens.siteId, siteId), eq(staffTokens.staffId, staffId), isNull(staffTokens.usedAt)));
  const token = await issueToken(db, siteId, staffId, "invitation", now);
  const locale = row.locale === "en" ? "en" : "ja";
  await sendLink(db, siteId, { email: row.email, locale }, token, options, "staff_invitation");
  await recordAudit(db, siteId, actor, { action: "staff.resend_invitation", entity: "staff", entityId: staffId });
}
