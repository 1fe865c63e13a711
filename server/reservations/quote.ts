import type { ResolvedPeriod } from "#server/availability/period";
import type { FieldErrors, Reason } from "#server/availability/reasons";
import { searchCarTypes } from "#server/availability/search";
import { parseSearchQuery } from "#server/availability/search-schema";
import { optionsFor } from "#server/catalog/options";
import type { DbOrTx } from "#server/mail/outbox";
import { type OptionLine, optionFee, priceRental } from "#server/pricing/price";
import type { CarClassRow, CarOptionRow, CarTypeRow, SiteBundle, StoreRow } from "#server/sites/site-bundle";
import type { Fees } from "./reserve-session";

export interface QuotedOption {
  option: CarOptionRow;
  /** 0 when not chosen. */
  quantity: number;
  /** What the chosen quantity costs for the period (integer yen, tax included). */
  fee: number;
}

export interface Quote {
  store: StoreRow;
  carType: CarTypeRow;
  carClass: CarClassRow;
  /** The asked period when it can be booked (null with `errors`); undecided dates are the caller's to send back to the car page. */
  period: ResolvedPeriod | null;
  errors: FieldErrors;
  /** Why this car cannot be booked for the period now (suspended, fully booked, no price). */
  blocked: Reason | null;
  remaining: number | null;
  /** Every option the store offers for the class, with the chosen quantities. */
  options: QuotedOption[];
  immunityPerDay: number | null;
  immunityDefault: boolean;
  withImmunity: boolean;
  fees: Fees | null;
  rentalDays: number;
}

export interface QuoteInput {
  bundle: SiteBundle;
  storeId: number;
  carTypeId: number;
  /** The search as carried in the URL or the session (sd, st, ed, et, rental_period_slug…). */
  search: Record<string, string>;
  options: readonly { optionId: number; quantity: number }[];
  /** Null: the class's default (spec §3 immunity_compensating_default_flag). */
  withImmunity: boolean | null;
  now: Date;
  /** A booking being changed (issue 24): its own car is free to it. */
  excludeReservationId?: number;
}

/**
 * What a car type at a store costs for a period with options and immunity, and whether it can be
 * booked: the options page, the confirmation and the submit all ask this, so the price a visitor
 * sees is the price that is booked. Null when the store or car type is not this site's or not
 * rented at that store. Quantities are clamped to each option's limit; unknown options are dropped.
 */
export async function quoteReservation(db: DbOrTx, siteId: string, input: QuoteInput): Promise<Quote | null> {
  const { bundle, now } = input;
  const query = parseSearchQuery(new URLSearchParams(input.search));
  const outcome = await searchCarTypes(db, siteId, {
    bundle,
    query: {
      ...query,
      si: input.storeId,
      capacity: undefined,
      fwd: false,
      smoking: undefined,
      mission: undefined,
      empty: 1,
      date_undecided: false,
    },
    now,
    carTypeId: input.carTypeId,
    excludeReservationId: input.excludeReservationId,
  });
  const store = outcome.store;
  if (!store || store.id !== input.storeId) return null;
  const offer = outcome.offers.find((o) => o.carType.id === input.carTypeId);
  const carType = offer?.carType ?? bundle.catalogue.carTypes.find((t) => t.id === input.carTypeId);
  const carClass = carType && bundle.catalogue.classes.find((c) => c.id === carType.classId);
  if (!carType || !carClass) return null;
  const offered = optionsFor(bundle.catalogue.options, store.id, carType.classId);
  if (!offer && outcome.period) return null; // not rented at this store

  const immunity = bundle.catalogue.immunityFees.find((f) => f.classId === carType.classId);
  const withImmunity = immunity ? (input.withImmunity ?? immunity.isDefault) : false;
  const chosen = new Map(input.options.map((o) => [o.optionId, o.quantity]));
  const quantities = offered.map((option) => ({
    option,
    quantity: Math.max(0, Math.min(chosen.get(option.id) ?? 0, option.maxQuantity)),
  }));

  let blocked: Reason | null = outcome.notice?.code === "web_reserve_suspended" ? outcome.notice : null;
  let fees: Fees | null = null;
  let rentalDays = 0;
  let lines: QuotedOption[] = quantities.map((q) => ({ ...q, fee: 0 }));
  const period = outcome.period;
  if (period && offer) {
    if (!offer.plan?.tiers) blocked ??= { code: "no_cars_in_period" };
    else {
      const optionLines: OptionLine[] = quantities
        .filter((q) => q.quantity > 0)
        .map((q) => ({
          optionId: q.option.id,
          price: q.option.price,
          priceUnit: q.option.priceUnit,
          quantity: q.quantity,
        }));
      const price = priceRental({
        plan: offer.plan.tiers,
        period: { start: period.start, end: period.end, timeZone: store.timeZone },
        options: optionLines,
        immunityPerDay: immunity?.pricePerDay ?? null,
        withImmunity,
      });
      rentalDays = price.rentalDays;
      fees = {
        rentCarFee: price.rentCarFee,
        optionFee: price.optionFee,
        immunityFee: price.immunityFee,
        total: price.total,
      };
      lines = quantities.map((q) => ({
        ...q,
        fee: optionFee(
          optionLines.filter((l) => l.optionId === q.option.id),
          price.rentalDays,
        ),
      }));
    }
    if ((offer.remaining ?? 0) < 1) blocked ??= { code: "type_fully_booked" };
  }
  return {
    store,
    carType,
    carClass,
    period,
    errors: outcome.errors,
    blocked,
    remaining: offer?.remaining ?? null,
    options: lines,
    immunityPerDay: immunity?.pricePerDay ?? null,
    immunityDefault: immunity?.isDefault ?? false,
    withImmunity,
    fees,
    rentalDays,
  };
}

/** Whether two quotes differ in what the visitor pays (spec §8 "details updated"). */
export const feesDiffer = (a: Fees | null, b: Fees | null) =>
  !a ||
  !b ||
  a.rentCarFee !== b.rentCarFee ||
  a.optionFee !== b.optionFee ||
  a.immunityFee !== b.immunityFee ||
  a.total !== b.total;
