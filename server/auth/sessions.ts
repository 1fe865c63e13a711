import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { members, sessions } from "#server/db/schema";

/**
 * Server-side sessions (docs/decisions/019-accounts-and-sessions.md). The cookie carries a random
 * 256-bit token; the table keeps its SHA-256. A session ends after `IDLE` without a request or
 * `ABSOLUTE` after it began (login restarts it), whichever comes first.
 */
export const SESSION_TIMEOUTS = { idleMs: 2 * 60 * 60 * 1000, absoluteMs: 24 * 60 * 60 * 1000 } as const;
/** `last_seen_at` is written at most this often, so most requests only read. */
const TOUCH_AFTER_MS = 60 * 1000;

export type SessionData = Record<string, unknown>;

/** The member a session belongs to, as the pages need it (re-read on every request). */
export interface SessionMember {
  id: number;
  name: string;
  company: string;
  userType: number;
  email: string;
  locale: string;
}

export interface SessionRecord {
  idHash: string;
  member: SessionMember | null;
  data: SessionData;
  lastSeenAt: Date;
}

export const newSessionToken = (): string => randomBytes(32).toString("base64url");
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** A token that could be ours: 43 base64url characters. Anything else is never looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The live session of this token on this site, with its member: one indexed query. A member who
 * has withdrawn has no session (`member` null and the session is ended by the caller).
 */
export async function readSession(db: Db, siteId: string, token: string, now = new Date()) {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({
      idHash: sessions.idHash,
      memberId: sessions.memberId,
      data: sessions.data,
      lastSeenAt: sessions.lastSeenAt,
      member: {
        id: members.id,
        name: members.name,
        company: members.company,
        userType: members.userType,
        email: members.email,
        locale: members.locale,
        withdrawnAt: members.withdrawnAt,
      },
    })
    .from(sessions)
    .leftJoin(members, and(eq(members.siteId, sessions.siteId), eq(members.id, sessions.memberId)))
    .where(
      and(
        eq(sessions.idHash, hashToken(token)),
        eq(sessions.siteId, siteId),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_TIMEOUTS.idleMs)),
      ),
    );
  if (!row) return null;
  const member = row.member?.id && !row.member.withdrawnAt && row.member.email ? row.member : null;
  // A member session whose member is gone or withdrawn is over.
  if (row.memberId !== null && !member) return null;
  return {
    idHash: row.idHash,
    member: member
      ? {
          id: member.id,
          name: member.name,
          company: member.company,
          userType: member.userType,
          email: member.email as string,
          locale: member.locale,
        }
      : null,
    data: row.data,
    lastSeenAt: row.lastSeenAt,
  } satisfies SessionRecord;
}

/** Marks the session used, at most once a minute. */
export async function touchSession(db: Db, record: SessionRecord, now = new Date()) {
  if (now.getTime() - record.lastSeenAt.getTime() < TOUCH_AFTER_MS) return;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, record.idHash));
}

/** A new session (a guest's, or a member's at login); returns its cookie token. */
export async function createSession(
  db: Db,
  siteId: string,
  input: { memberId: number | null; data?: SessionData },
  now = new Date(),
): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({
    idHash: hashToken(token),
    siteId,
    memberId: input.memberId,
    data: input.data ?? {},
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TIMEOUTS.absoluteMs),
  });
  // Expired sessions go as new ones come.
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  return token;
}

/**
 * Gives the session a new token (login, password change), keeping its data (a booking in
 * progress survives logging in). Without an old session, starts one. Returns the new token.
 */
export async function rotateSession(
  db: Db,
  siteId: string,
  oldIdHash: string | null,
  memberId: number | null,
  now = new Date(),
): Promise<string> {
  if (!oldIdHash) return createSession(db, siteId, { memberId }, now);
  const token = newSessionToken();
  const updated = await db
    .update(sessions)
    .set({
      idHash: hashToken(token),
      memberId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TIMEOUTS.absoluteMs),
    })
    .where(and(eq(sessions.idHash, oldIdHash), eq(sessions.siteId, siteId)))
    .returning({ idHash: sessions.idHash });
  return updated.length ? token : createSession(db, siteId, { memberId }, now);
}

export async function saveSessionData(db: Db, idHash: string, data: SessionData) {
  await db.update(sessions).set({ data }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Db, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of a member (password reset, withdrawal), or every other one (`keep`). */
export async function deleteMemberSessions(db: Db, siteId: string, memberId: number, keep?: string) {
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.siteId, siteId), eq(sessions.memberId, memberId), keep ? ne(sessions.idHash, keep) : undefined),
    );
}
