import { and, eq, gt, isNull, lt, ne } from "drizzle-orm";
import { hashToken, newSessionToken, SESSION_TIMEOUTS } from "#server/auth/sessions";
import type { Db } from "#server/db/client";
import { staff, staffSessions, staffStores } from "#server/db/schema";
import type { DbOrTx } from "#server/mail/outbox";
import type { StaffActor, StaffRole } from "./permissions";

/**
 * Back-office sessions, under the members' rules (decision 019): a random 256-bit token in the
 * cookie, its SHA-256 in the table, idle and absolute timeouts, a new token at sign-in.
 */
const TOUCH_AFTER_MS = 60 * 1000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The signed-in staff member as every admin page and action needs them. */
export interface StaffPrincipal extends StaffActor {
  name: string;
  locale: "ja" | "en";
  twoFactorEnabled: boolean;
}

export interface StaffSessionRecord {
  idHash: string;
  staff: StaffPrincipal;
  /** The password was right; the TOTP code is still to come. */
  twoFactorPending: boolean;
  lastSeenAt: Date;
}

/** The live session of this token on this site, with its (enabled) staff member and their stores. */
export async function readStaffSession(
  db: Db,
  siteId: string,
  token: string,
  now = new Date(),
): Promise<StaffSessionRecord | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({
      idHash: staffSessions.idHash,
      twoFactorPending: staffSessions.twoFactorPending,
      lastSeenAt: staffSessions.lastSeenAt,
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      locale: staff.locale,
      totpSecret: staff.totpSecret,
    })
    .from(staffSessions)
    .innerJoin(staff, and(eq(staff.siteId, staffSessions.siteId), eq(staff.id, staffSessions.staffId)))
    .where(
      and(
        eq(staffSessions.idHash, hashToken(token)),
        eq(staffSessions.siteId, siteId),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - SESSION_TIMEOUTS.idleMs)),
        isNull(staff.disabledAt),
      ),
    );
  if (!row) return null;
  const role = row.role as StaffRole;
  const storeIds =
    role === "store_staff"
      ? (
          await db
            .select({ storeId: staffStores.storeId })
            .from(staffStores)
            .where(and(eq(staffStores.siteId, siteId), eq(staffStores.staffId, row.id)))
        ).map((s) => s.storeId)
      : [];
  return {
    idHash: row.idHash,
    twoFactorPending: row.twoFactorPending,
    lastSeenAt: row.lastSeenAt,
    staff: {
      id: row.id,
      email: row.email,
      name: row.name,
      role,
      storeIds,
      locale: row.locale === "en" ? "en" : "ja",
      twoFactorEnabled: row.totpSecret !== null,
    },
  };
}

export async function touchStaffSession(db: Db, record: StaffSessionRecord, now = new Date()) {
  if (now.getTime() - record.lastSeenAt.getTime() < TOUCH_AFTER_MS) return;
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, record.idHash));
}

/** A new session for this staff member (sign-in); an old one of the same browser is replaced. Returns its token. */
export async function startStaffSession(
  db: Db,
  siteId: string,
  input: { staffId: number; twoFactorPending: boolean; replaces?: string | null },
  now = new Date(),
): Promise<string> {
  const token = newSessionToken();
  if (input.replaces) await endStaffSession(db, input.replaces);
  await db.insert(staffSessions).values({
    idHash: hashToken(token),
    siteId,
    staffId: input.staffId,
    twoFactorPending: input.twoFactorPending,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TIMEOUTS.absoluteMs),
  });
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
  return token;
}

export async function endStaffSession(db: DbOrTx, idHash: string) {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
}

/** Ends every session of a staff member (password reset, disabled account), or every other one (`keep`). */
export async function endStaffSessions(db: DbOrTx, siteId: string, staffId: number, keep?: string) {
  await db
    .delete(staffSessions)
    .where(
      and(
        eq(staffSessions.siteId, siteId),
        eq(staffSessions.staffId, staffId),
        keep ? ne(staffSessions.idHash, keep) : undefined,
      ),
    );
}
