import { and, desc, eq, lt } from "drizzle-orm";
import { auditLog } from "../db/schema";
import type { DbOrTx } from "../mail/outbox";
import { authorize, type StaffActor } from "../staff/permissions";

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

/** A site's entries, newest first, a page at a time (`before`: the id the previous page ended on). Owners only. */
export function listAuditLog(
  db: DbOrTx,
  siteId: string,
  actor: StaffActor,
  options: { before?: number } = {},
): Promise<AuditRow[]> {
  authorize(actor, "audit.read");
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.siteId, siteId), options.before ? lt(auditLog.id, options.before) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE);
}
