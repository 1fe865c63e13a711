import { type Column, inArray, type SQL } from "drizzle-orm";
import type { AuditActor } from "#server/audit/audit-log";
import { AppError } from "#server/errors";
import { STAFF_ROLES, type StaffRole } from "./staff.schema";

export { STAFF_ROLES, type StaffRole };

/**
 * What an admin action needs. `view` is reading the back office; the others are changes.
 * Store-scoped permissions (`store.*`) name the store they touch: store staff hold them only for
 * the stores they are assigned to.
 */
export const PERMISSIONS = [
  "view",
  "site.edit",
  /** Settlement methods and what decides how the company is paid. */
  "site.billing",
  "staff.manage",
  "audit.read",
  "catalog.edit",
  "prices.edit",
  "content.edit",
  "store.create",
  "store.edit",
  "store.vehicles",
  /** The counter (issue 24): cars given to bookings, departures, returns, changes, cancellations, phone bookings. */
  "store.reservations",
  /** Members registered at the store (their initial-password mail). */
  "members.register",
  /** API keys, webhook endpoints and calendar feeds (issue 25): what lets other systems in. Owners only. */
  "integrations.manage",
  /** The owner's numbers (issue 41): occupancy, sales, lead time, cancellations, language and channel mix. */
  "reports.read",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const STORE_SCOPED: ReadonlySet<Permission> = new Set(["store.edit", "store.vehicles", "store.reservations"]);

const MANAGER: readonly Permission[] = [
  "view",
  "site.edit",
  "catalog.edit",
  "prices.edit",
  "content.edit",
  "store.create",
  "store.edit",
  "store.vehicles",
  "store.reservations",
  "members.register",
  "reports.read",
];

const GRANTS: Record<StaffRole, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  manager: new Set(MANAGER),
  store_staff: new Set<Permission>(["view", "store.edit", "store.vehicles", "store.reservations", "members.register"]),
  read_only: new Set<Permission>(["view"]),
};

/** Who is acting: enough to decide every permission without another query. */
export interface StaffActor {
  id: number;
  email: string;
  role: StaffRole;
  /** The stores a store-staff account is assigned to (empty for the other roles). */
  storeIds: readonly number[];
}

/** Who acts in a back-office domain function: their rights, and how the audit log names them. */
export type Actor = StaffActor & AuditActor;

/** Whether the actor holds the permission (for a store-scoped one, on that store). */
export function can(actor: StaffActor, permission: Permission, storeId?: number): boolean {
  if (!GRANTS[actor.role].has(permission)) return false;
  if (actor.role !== "store_staff" || !STORE_SCOPED.has(permission)) return true;
  return storeId !== undefined && actor.storeIds.includes(storeId);
}

/** The one check every admin action passes (app/lib/admin.server.ts): 403 with a message when refused. */
export function authorize(actor: StaffActor, permission: Permission, storeId?: number): void {
  if (!can(actor, permission, storeId)) throw new AppError("forbidden", { reason: { code: "forbidden" } });
}

/** The stores whose rows the actor may see: all (null) or the assigned ones. */
export const visibleStoreIds = (actor: StaffActor): readonly number[] | null =>
  actor.role === "store_staff" ? actor.storeIds : null;

/** Whether the actor may see the records of this store. */
export function seesStore(actor: StaffActor, storeId: number): boolean {
  const ids = visibleStoreIds(actor);
  return !ids || ids.includes(storeId);
}

/** A query's condition keeping to the stores the actor may see by `storeId`; none for who sees all. */
export function inVisibleStores(actor: StaffActor, storeId: Column): SQL | undefined {
  const ids = visibleStoreIds(actor);
  // No stores: -1 names none (an empty IN list is not SQL).
  return ids ? inArray(storeId, ids.length ? [...ids] : [-1]) : undefined;
}

export const needsTwoFactor = (role: StaffRole) => role === "owner" || role === "manager";
