import { and, asc, desc, eq, ne } from "drizzle-orm";
import { addDays, localDate, localTime, weekdayOf, zonedInstant } from "#common/calendar-date";
import { FEE_TIER_LADDERS, type FeeMode, type FeeTierKey } from "#common/fee-tiers";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { carClasses, feePlans, stores } from "#server/db/schema";
import { AppError, type FieldReasons, notFoundError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { type FeePlanTiers, FeePlanTiersSchema } from "#server/pricing/fee-plan";
import { rentCarFee } from "#server/pricing/price";
import { type Actor, authorize, inVisibleStores, seesStore } from "#server/staff/permissions";
import type { FeePlanInput, FeePlanPreviewInput, FeeTiers } from "./fee-plan.schema";
import { TIER_FIELDS } from "./fee-plan.schema";

/**
 * Fee plans in the back office (issue 23): the price tiers of a store and car class from a date
 * (docs/pricing.md). Changing them needs `prices.edit`; store staff see their stores' plans only.
 * A plan is saved only when the pricing rules accept its tiers (FeePlanTiersSchema, decision 009),
 * the same rules the public site checks each plan with, and the preview prices the unsaved tiers
 * with the same function the search does (rentCarFee), so what the owner sees is what is charged.
 */
export type FeePlanRecord = typeof feePlans.$inferSelect;

/** `current`: the plan in force today for its store, class and season; `scheduled`: from a later date; `past`: replaced. */
export type FeePlanStatus = "current" | "scheduled" | "past";

export interface FeePlanListRow {
  id: number;
  storeId: number;
  storeName: string;
  classId: number;
  className: string;
  mode: number;
  effectiveFrom: string;
  isHighSeason: boolean;
  status: FeePlanStatus;
}

export interface FeePlanFilter {
  storeId?: number | null;
  classId?: number | null;
}

const visibleOnly = (actor: Actor) => inVisibleStores(actor, feePlans.storeId);

/** The plans the actor may see, newest first, by store and class when asked. */
export async function listFeePlans(
  db: Db,
  siteId: string,
  actor: Actor,
  filter: FeePlanFilter = {},
  now = new Date(),
): Promise<FeePlanListRow[]> {
  authorize(actor, "view");
  const rows = await db
    .select({
      plan: feePlans,
      storeName: stores.storeName,
      timeZone: stores.timeZone,
      storeOrder: stores.displayOrder,
      className: carClasses.className,
      classOrder: carClasses.displayOrder,
    })
    .from(feePlans)
    .innerJoin(stores, and(eq(stores.siteId, feePlans.siteId), eq(stores.id, feePlans.storeId)))
    .innerJoin(carClasses, and(eq(carClasses.siteId, feePlans.siteId), eq(carClasses.id, feePlans.classId)))
    .where(
      and(
        eq(feePlans.siteId, siteId),
        visibleOnly(actor),
        filter.storeId ? eq(feePlans.storeId, filter.storeId) : undefined,
        filter.classId ? eq(feePlans.classId, filter.classId) : undefined,
      ),
    )
    .orderBy(
      desc(feePlans.effectiveFrom),
      asc(stores.displayOrder),
      asc(stores.id),
      asc(carClasses.displayOrder),
      asc(carClasses.id),
      asc(feePlans.isHighSeason),
    );
  // Newest first, so the first plan of a store, class and season that has begun is the one in force.
  const inForce = new Set<string>();
  return rows.map(({ plan, storeName, timeZone, className }) => {
    const key = `${plan.storeId}:${plan.classId}:${plan.isHighSeason}`;
    let status: FeePlanStatus = "past";
    if (plan.effectiveFrom > localDate(now, timeZone)) status = "scheduled";
    else if (!inForce.has(key)) {
      inForce.add(key);
      status = "current";
    }
    return {
      id: plan.id,
      storeId: plan.storeId,
      storeName: storeName || `#${plan.storeId}`,
      classId: plan.classId,
      className: className || `#${plan.classId}`,
      mode: plan.mode,
      effectiveFrom: plan.effectiveFrom,
      isHighSeason: plan.isHighSeason,
      status,
    };
  });
}

async function readFeePlan(db: DbOrTx, siteId: string, feePlanId: number): Promise<FeePlanRecord | null> {
  const [row] = await db
    .select()
    .from(feePlans)
    .where(and(eq(feePlans.siteId, siteId), eq(feePlans.id, feePlanId)));
  return row ?? null;
}

/** One plan; 404 for another site's plan or one of a store the actor may not see. */
export async function getFeePlan(db: Db, siteId: string, actor: Actor, feePlanId: number): Promise<FeePlanRecord> {
  authorize(actor, "view");
  const plan = await readFeePlan(db, siteId, feePlanId);
  if (!plan || !seesStore(actor, plan.storeId)) throw notFoundError();
  return plan;
}

/**
 * The pricing rules' verdict on the tiers, as messages beside the tier fields: a tier left empty
 * between two filled ones is a gap, an empty one at the end is required, and one below the last
 * tier filled before it says that tier's price.
 */
export function tierErrors(mode: FeeMode, tiers: FeeTiers): FieldReasons {
  const parsed = FeePlanTiersSchema.safeParse({ mode, ...tiers });
  if (parsed.success) return {};
  const errors: FieldReasons = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as FeeTierKey;
    const field = TIER_FIELDS[key];
    if (!field || errors[field]) continue;
    const ladder = FEE_TIER_LADDERS.find((l) => l.includes(key)) ?? [];
    const at = ladder.indexOf(key);
    if (tiers[key] === null) {
      const filledAfter = ladder.slice(at + 1).some((k) => tiers[k] !== null);
      errors[field] = { code: filledAfter ? "fee_tier_gap" : "required" };
    } else {
      const shorter = ladder
        .slice(0, at)
        .map((k) => tiers[k])
        .filter((v): v is number => v !== null)
        .at(-1);
      errors[field] = { code: "fee_tier_decreasing", params: { amount: shorter ?? 0 } };
    }
  }
  return errors;
}

/** The store and class must be this site's: another site's id is a wrong choice, not a server error. */
async function choiceErrors(db: DbOrTx, siteId: string, storeId: number, classId?: number): Promise<FieldReasons> {
  const [[store], [carClass]] = await Promise.all([
    db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.siteId, siteId), eq(stores.id, storeId))),
    classId === undefined
      ? Promise.resolve([{ id: 0 }])
      : db
          .select({ id: carClasses.id })
          .from(carClasses)
          .where(and(eq(carClasses.siteId, siteId), eq(carClasses.id, classId))),
  ]);
  const errors: FieldReasons = {};
  if (!store) errors.store_id = { code: "invalid_choice" };
  if (!carClass) errors.class_id = { code: "invalid_choice" };
  return errors;
}

function planColumns(input: FeePlanInput) {
  return {
    storeId: input.storeId,
    classId: input.classId,
    mode: input.mode,
    effectiveFrom: input.effectiveFrom,
    isHighSeason: input.isHighSeason,
    ...input.tiers,
  };
}

const DUPLICATE = { effective_from: { code: "fee_plan_duplicate" } } satisfies FieldReasons;

/** Another plan of the same store, class and season from the same date. */
async function duplicateOf(db: DbOrTx, siteId: string, input: FeePlanInput, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: feePlans.id })
    .from(feePlans)
    .where(
      and(
        eq(feePlans.siteId, siteId),
        eq(feePlans.storeId, input.storeId),
        eq(feePlans.classId, input.classId),
        eq(feePlans.effectiveFrom, input.effectiveFrom),
        eq(feePlans.isHighSeason, input.isHighSeason),
        exceptId === undefined ? undefined : ne(feePlans.id, exceptId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Everything wrong with a plan, at once: its store and class, its tiers, a plan already there for that key. */
async function refuseInvalid(db: DbOrTx, siteId: string, input: FeePlanInput, exceptId?: number): Promise<void> {
  const errors = {
    ...(await choiceErrors(db, siteId, input.storeId, input.classId)),
    ...tierErrors(input.mode, input.tiers),
  };
  if (!errors.store_id && !errors.class_id && (await duplicateOf(db, siteId, input, exceptId))) {
    Object.assign(errors, DUPLICATE);
  }
  if (Object.keys(errors).length) throw new AppError("invalid_input", { fieldErrors: errors });
}

/** A write that lost a race: the unique key (duplicate) or a composite foreign key (the store or class went away). */
function constraintError(error: unknown): AppError | null {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505" && e.constraint === "fee_plans_key") {
      return new AppError("invalid_input", { fieldErrors: DUPLICATE });
    }
    if (e.code === "23503") {
      const field = e.constraint === "fee_plans_class_fk" ? "class_id" : "store_id";
      return new AppError("invalid_input", { fieldErrors: { [field]: { code: "invalid_choice" } } });
    }
    e = e.cause as typeof e;
  }
  return null;
}

export async function createFeePlan(
  db: Db,
  siteId: string,
  actor: Actor,
  input: FeePlanInput,
): Promise<{ feePlanId: number }> {
  authorize(actor, "prices.edit");
  await refuseInvalid(db, siteId, input);
  const columns = planColumns(input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(feePlans)
        .values({ ...columns, siteId })
        .returning({ id: feePlans.id });
      if (!row) throw new Error("fee plan insert returned no row");
      await recordAudit(tx, siteId, actor, {
        action: "fee_plan.create",
        entity: "fee_plan",
        entityId: row.id,
        after: columns,
      });
      return { feePlanId: row.id };
    });
  } catch (error) {
    throw constraintError(error) ?? error;
  }
}

export async function updateFeePlan(
  db: Db,
  siteId: string,
  actor: Actor,
  feePlanId: number,
  input: FeePlanInput,
): Promise<void> {
  authorize(actor, "prices.edit");
  const current = await readFeePlan(db, siteId, feePlanId);
  if (!current) throw notFoundError();
  await refuseInvalid(db, siteId, input, feePlanId);
  const columns = planColumns(input);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(feePlans)
        .set(columns)
        .where(and(eq(feePlans.siteId, siteId), eq(feePlans.id, feePlanId)));
      const { id: _id, siteId: _site, ...before } = current;
      const { before: b, after: a } = changedFields(before, columns);
      if (Object.keys(a).length) {
        await recordAudit(tx, siteId, actor, {
          action: "fee_plan.update",
          entity: "fee_plan",
          entityId: feePlanId,
          before: b,
          after: a,
        });
      }
    });
  } catch (error) {
    throw constraintError(error) ?? error;
  }
}

/** Deletes a plan (bookings keep the fees they were made with); the audit log keeps its tiers. */
export async function deleteFeePlan(db: Db, siteId: string, actor: Actor, feePlanId: number): Promise<void> {
  authorize(actor, "prices.edit");
  const current = await readFeePlan(db, siteId, feePlanId);
  if (!current) throw notFoundError();
  await db.transaction(async (tx) => {
    await tx.delete(feePlans).where(and(eq(feePlans.siteId, siteId), eq(feePlans.id, feePlanId)));
    const { id: _id, siteId: _site, ...before } = current;
    await recordAudit(tx, siteId, actor, {
      action: "fee_plan.delete",
      entity: "fee_plan",
      entityId: feePlanId,
      before,
    });
  });
}

/** The typical rentals the preview prices: hours from the opening time, a day at the store, and nights. */
export const PREVIEW_PERIODS = [
  { key: "hours3", hours: 3 },
  { key: "hours6", hours: 6 },
  { key: "sameDay", nights: 0 },
  { key: "nights1", nights: 1 },
  { key: "nights3", nights: 3 },
  { key: "nights7", nights: 7 },
  { key: "nights14", nights: 14 },
  { key: "nights29", nights: 29 },
] as const;
export type PreviewPeriodKey = (typeof PREVIEW_PERIODS)[number]["key"];

export interface FeePlanPreview {
  timeZone: string;
  /** Departure and returns as the search form takes them (`sd`, `st`, `ed`, `et`): dates and times at the store. */
  rows: { key: PreviewPeriodKey; sd: string; st: string; ed: string; et: string; fee: number }[];
}

/** How far ahead the preview's departure lies: a date the search takes, clear of today's lead time. */
const PREVIEW_DAYS_AHEAD = 21;

/**
 * The departure of the preview: a weekday three weeks ahead (or from the plan's first day, when that
 * is later) at the store's opening time, in the store's time zone.
 */
export function previewDeparture(today: string, effectiveFrom: string | null): string {
  let date = addDays(today, PREVIEW_DAYS_AHEAD);
  if (effectiveFrom && effectiveFrom > date) date = effectiveFrom;
  while (weekdayOf(date) === 0 || weekdayOf(date) === 6) date = addDays(date, 1);
  return date;
}

/**
 * What the unsaved tiers charge for a few typical rentals, by the search's own pricing function.
 * Refused, like a save, with the messages beside the fields when the tiers do not make a plan.
 */
export async function previewFeePlan(
  db: Db,
  siteId: string,
  actor: Actor,
  input: FeePlanPreviewInput,
  now = new Date(),
): Promise<FeePlanPreview> {
  authorize(actor, "view");
  const [store] = !seesStore(actor, input.storeId)
    ? []
    : await db
        .select()
        .from(stores)
        .where(and(eq(stores.siteId, siteId), eq(stores.id, input.storeId)));
  const errors: FieldReasons = {
    ...(store ? {} : { store_id: { code: "invalid_choice" } }),
    ...tierErrors(input.mode, input.tiers),
  };
  if (!store || Object.keys(errors).length) throw new AppError("invalid_input", { fieldErrors: errors });
  const { timeZone, businessStartTime: open, businessEndTime: close } = store;
  const sd = previewDeparture(localDate(now, timeZone), input.effectiveFrom);
  const start = zonedInstant(sd, open, timeZone);
  const plan = { mode: input.mode, ...input.tiers } as FeePlanTiers;
  const rows = PREVIEW_PERIODS.map((period) => {
    let end: Date;
    if ("hours" in period) end = new Date(start.getTime() + period.hours * 3_600_000);
    else if (period.nights > 0) end = zonedInstant(addDays(sd, period.nights), open, timeZone);
    else end = close > open ? zonedInstant(sd, close, timeZone) : new Date(start.getTime() + 8 * 3_600_000);
    return {
      key: period.key,
      sd,
      st: open,
      ed: localDate(end, timeZone),
      et: localTime(end, timeZone),
      fee: rentCarFee(plan, { start, end, timeZone }),
    };
  });
  return { timeZone, rows };
}
