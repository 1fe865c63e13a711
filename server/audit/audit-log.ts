import { and, asc, desc, eq, gte, inArray, like, lt, not, or, type SQL, sql } from "drizzle-orm";
import { addDays, zonedInstant } from "#common/calendar-date";
import { auditLog, reservations, staff, vehicles } from "#server/db/schema";
import type { DbOrTx } from "#server/mail/outbox";
import { authorize, type StaffActor } from "#server/staff/permissions";
import { AUDIT_KIND_PREFIXES, type AuditFilter } from "./audit.schema";

/** Who made a change: a staff member, or the provider's command line (`staffId` null). */
export interface AuditActor {
  staffId: number | null;
  name: string;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number;
  before?: unknown;
  after?: unknown;
}

/** Secrets never enter the log, whatever the caller passes. */
const SECRET_KEYS = /password|token|secret|recovery|hash/i;

function withoutSecrets(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_KEYS.test(key))
      .map(([key, v]) => [key, withoutSecrets(v)]),
  );
}

/** Only what changed, on both sides: an update of one field records that field. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key];
    a[key] = after[key];
  }
  return { before: b, after: a };
}

/** Records one change, in the caller's transaction when there is one (the change and its entry stand or fall together). */
export async function recordAudit(db: DbOrTx, siteId: string, actor: AuditActor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    siteId,
    staffId: actor.staffId,
    actor: actor.name,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined ? "" : String(entry.entityId),
    before: withoutSecrets(entry.before),
    after: withoutSecrets(entry.after),
  });
}

export type AuditRow = typeof auditLog.$inferSelect;

export const AUDIT_PAGE_SIZE = 50;

/** An action starting with `prefix` (`_` and `%` in it are literal). */
const startsWith = (prefix: string) => like(auditLog.action, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

/**
 * A site's entries, newest first, a page at a time (`before`: the id the previous page ended on),
 * found by who made them, their kind, their dates (in `timeZone`) and the booking they concern. Owners only.
 */
export function listAuditLog(
  db: DbOrTx,
  siteId: string,
  actor: StaffActor,
  filter: Partial<AuditFilter> = {},
  timeZone = "Asia/Tokyo",
): Promise<AuditRow[]> {
  authorize(actor, "audit.read");
  const reserveNo = filter.reserveNo?.trim();
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.siteId, siteId),
        filter.before ? lt(auditLog.id, filter.before) : undefined,
        filter.staffId ? eq(auditLog.staffId, filter.staffId) : undefined,
        filter.kind ? or(...AUDIT_KIND_PREFIXES[filter.kind].map(startsWith)) : undefined,
        // Staff are not their own sign-ins' "staff changes".
        filter.kind === "staff" ? not(or(...AUDIT_KIND_PREFIXES.sign_ins.map(startsWith)) as SQL) : undefined,
        filter.from ? gte(auditLog.at, zonedInstant(filter.from, "00:00", timeZone)) : undefined,
        filter.to ? lt(auditLog.at, zonedInstant(addDays(filter.to, 1), "00:00", timeZone)) : undefined,
        reserveNo
          ? or(
              and(eq(auditLog.entity, "reservation"), eq(auditLog.entityId, reserveNo)),
              sql`${auditLog.after}->>'reserveNo' = ${reserveNo}`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE);
}

/** How a sign-in went: in, a wrong password or code, or refused by the throttle before any check. */
export type SignInOutcome = "signed_in" | "wrong_password" | "wrong_code" | "throttled";

/**
 * A sign-in to the back office, or an attempt that was refused (issue 41): who (the account when the
 * address names one, else the address as typed), how it went, and from where.
 */
export async function recordSignIn(
  db: DbOrTx,
  siteId: string,
  who: { staffId: number | null; email: string },
  outcome: SignInOutcome,
  clientIp: string,
): Promise<void> {
  await recordAudit(
    db,
    siteId,
    { staffId: who.staffId, name: who.email.trim().slice(0, 200) },
    {
      action: outcome === "signed_in" ? "staff.sign_in" : "staff.sign_in_failed",
      entity: "staff",
      entityId: who.staffId ?? undefined,
      after: { outcome, ip: clientIp.slice(0, 64) },
    },
  );
}

/** A page or action refused to a signed-in member of staff (a 403): what they asked for. */
export async function recordRefusal(
  db: DbOrTx,
  siteId: string,
  who: AuditActor & { staffId: number },
  request: { method: string; path: string },
): Promise<void> {
  await recordAudit(db, siteId, who, {
    action: "staff.forbidden",
    entity: "staff",
    entityId: who.staffId,
    after: { method: request.method, path: request.path.slice(0, 300) },
  });
}

/** What the entries' sentences name: the renters of their bookings, the plates of their cars, the staff's names. */
export interface AuditNames {
  renters: Map<string, string>;
  plates: Map<number, string>;
  staff: Map<number, string>;
}

const reserveNoOf = (row: AuditRow): string | null => {
  if (row.entity === "reservation") return row.entityId;
  const after = row.after as { reserveNo?: unknown } | null;
  return typeof after?.reserveNo === "string" ? after.reserveNo : null;
};

export async function auditNames(db: DbOrTx, siteId: string, rows: readonly AuditRow[]): Promise<AuditNames> {
  const reserveNos = [...new Set(rows.map(reserveNoOf).filter((n): n is string => n !== null && n !== ""))];
  const vehicleIds = [
    ...new Set(
      rows.flatMap((r) => {
        const id = (r.after as { vehicleId?: unknown } | null)?.vehicleId;
        return typeof id === "number" ? [id] : [];
      }),
    ),
  ];
  const [renters, plates, people] = await Promise.all([
    reserveNos.length
      ? db
          .select({ reserveNo: reservations.reserveNo, borrower: reservations.borrower })
          .from(reservations)
          .where(and(eq(reservations.siteId, siteId), inArray(reservations.reserveNo, reserveNos)))
      : Promise.resolve([]),
    vehicleIds.length
      ? db
          .select({ id: vehicles.id, plate: vehicles.registrationNumber })
          .from(vehicles)
          .where(and(eq(vehicles.siteId, siteId), inArray(vehicles.id, vehicleIds)))
      : Promise.resolve([]),
    auditStaff(db, siteId),
  ]);
  return {
    renters: new Map(renters.map((r) => [r.reserveNo, r.borrower?.company || r.borrower?.name || ""])),
    plates: new Map(plates.map((p) => [p.id, p.plate])),
    staff: new Map(people.map((p) => [p.id, p.name])),
  };
}

/** The site's staff for the "who" filter, by name (their e-mail when they have none). */
export async function auditStaff(db: DbOrTx, siteId: string): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: staff.id, name: staff.name, email: staff.email })
    .from(staff)
    .where(eq(staff.siteId, siteId))
    .orderBy(asc(staff.name), asc(staff.id));
  return rows.map((r) => ({ id: r.id, name: r.name.trim() || r.email }));
}
