import type { z } from "zod";
import type { ApiRequest } from "#app/api/operation.server";
import { reasonText } from "#app/api/problem.server";
import { issuesToErrors } from "#app/lib/forms";
import { driverFormConfigOf } from "#app/presenters/driver-form.server";
import { type Locale, pickLang } from "#common/locales";
import type { SearchOutcome } from "#server/availability/search";
import type { SearchQuerySchema } from "#server/availability/search-schema";
import { AppError, notFoundError } from "#server/errors";
import { type ReserveCustomer, validateReserveCustomer } from "#server/reservations/customer";
import { customerSchema } from "#server/reservations/customer.schema";
import { optionLimitErrors, optionsFormSchema, readOptionsForm } from "#server/reservations/options.schema";
import { type Quote, quoteReservation } from "#server/reservations/quote";
import {
  chooseCar,
  RESERVE_SESSION_KEY,
  type ReserveSession,
  readReserveSession,
} from "#server/reservations/reserve-session";
import { reservationResult } from "#server/reservations/result";
import type { SiteBundle } from "#server/sites/site-bundle";
import type { CarParams } from "./schemas.server";

// ——— Presenters ———

export function carTypeOut(bundle: SiteBundle, locale: Locale, carTypeId: number) {
  const t = bundle.catalogue.carTypes.find((c) => c.id === carTypeId);
  if (!t) throw notFoundError();
  const cls = bundle.catalogue.classes.find((c) => c.id === t.classId);
  return {
    id: t.id,
    class_id: t.classId,
    class_name: cls ? pickLang(cls, "className", locale) : "",
    name: pickLang(t, "typeName", locale),
    model_names: pickLang(t, "modelNames", locale),
    capacity: t.capacity,
    transmission: t.transmission,
    smoking: t.smoking,
    four_wd: t.isFourWd,
    navigation: t.hasNavigation,
    etc: t.hasEtc,
    images: t.imagePaths,
  };
}

export function storeRef(bundle: SiteBundle, locale: Locale, storeId: number) {
  const s = bundle.stores.find((x) => x.id === storeId);
  if (!s) throw notFoundError();
  return { id: s.id, name: pickLang(s, "storeName", locale), time_zone: s.timeZone };
}

export const feesOut = (f: { rentCarFee: number; optionFee: number; immunityFee: number; total: number }) => ({
  rentacar_fee: f.rentCarFee,
  total_option_fee: f.optionFee,
  total_compensating_fee: f.immunityFee,
  total_fee: f.total,
});

export const periodOut = (p: { start: Date; end: Date; startDate: string; endDate: string }) => ({
  start_at: p.start.toISOString(),
  end_at: p.end.toISOString(),
  start_date: p.startDate,
  end_date: p.endDate,
});

export const notice = (locale: Locale, reason: { code: string; params?: Record<string, string | number> } | null) =>
  reason ? { code: reason.code, message: reasonText(locale, reason) } : null;

export function quoteOut(bundle: SiteBundle, locale: Locale, quote: Quote) {
  return {
    store: storeRef(bundle, locale, quote.store.id),
    car_type: carTypeOut(bundle, locale, quote.carType.id),
    period: quote.period ? periodOut(quote.period) : null,
    can_reserve: Boolean(quote.period && !quote.blocked && quote.fees),
    blocked: notice(locale, quote.blocked),
    remaining: quote.remaining,
    options: quote.options.map((o) => ({
      id: o.option.id,
      name: pickLang(o.option, "optionName", locale),
      quantity: o.quantity,
      max_quantity: o.option.maxQuantity,
      fee: o.fee,
      may_be_unavailable: o.option.mayBeUnavailable,
    })),
    immunity_compensating_fee: quote.immunityPerDay,
    immunity_compensating_default_flag: quote.immunityDefault,
    with_immunity: quote.withImmunity,
    fees: quote.fees ? feesOut(quote.fees) : null,
    rental_days: quote.rentalDays,
  };
}

export function sessionOut(s: ReserveSession | null) {
  if (!s) return null;
  return {
    store_id: s.storeId,
    car_type_id: s.carTypeId,
    start_at: s.startAt,
    end_at: s.endAt,
    rental_period_slug: s.rentalPeriodSlug,
    options: s.options.map((o) => ({ option_id: o.optionId, quantity: o.quantity })),
    with_immunity: s.withImmunity,
    option_not_possible_type: s.optionNotPossibleType,
    pay_method: s.payMethod,
    has_borrower: s.borrower !== null,
    has_driver: s.driver !== null,
    completed: s.completed ? { reserve_no: s.completed.reserveNo } : null,
  };
}

/** The search's refusals of the store or the dates: 422 with the field map (and `calendarErrorMessage`). */
export function refuseFields(errors: SearchOutcome["errors"] | Quote["errors"]) {
  if (Object.keys(errors).length) throw new AppError("invalid_input", { fieldErrors: errors });
}

/** The search record a choice carries, in the results page's terms (`si`, `sd`, …). */
export function searchOf(body: Record<string, unknown>): Record<string, string> {
  const search: Record<string, string> = {};
  for (const key of ["sd", "st", "ed", "et", "rental_period_slug"] as const) {
    if (typeof body[key] === "string") search[key] = body[key];
  }
  search.si = String(body.store_id ?? "");
  return search;
}

export const positiveId = (v: unknown) => (typeof v === "string" && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

/** The quote for a choice sent in a body (options by the options form's fields); 422 when it cannot be booked. */
export async function quoteChoice(req: ApiRequest, body: Record<string, unknown>) {
  const storeId = positiveId(body.store_id);
  const carTypeId = positiveId(body.car_type_id);
  if (!storeId || !carTypeId) {
    throw new AppError("invalid_input", {
      fieldErrors: {
        ...(storeId ? {} : { store_id: { code: "store_required" } }),
        ...(carTypeId ? {} : { car_type_id: { code: "invalid_choice" } }),
      },
    });
  }
  const asked = readOptionsForm({ ...body, immunity: body.immunity });
  const search = searchOf(body);
  const quote = await quoteReservation(req.db, req.siteId, {
    bundle: req.bundle,
    storeId,
    carTypeId,
    search,
    options: asked.options,
    withImmunity: body.immunity === undefined ? null : asked.withImmunity,
    now: req.now,
  });
  if (!quote) throw notFoundError();
  refuseFields(quote.errors);
  if (quote.blocked) throw new AppError("rejected", { reason: quote.blocked });
  if (!quote.period || !quote.fees) throw new AppError("rejected", { reason: { code: "no_cars_in_period" } });
  const overLimit = optionLimitErrors(
    body,
    quote.options.map((o) => o.option),
  );
  if (Object.keys(overLimit).length) throw new AppError("invalid_input", { fieldErrors: overLimit });
  const mayBeUnavailable = quote.options.filter((o) => o.option.mayBeUnavailable).map((o) => o.option.id);
  const parsed = optionsFormSchema(mayBeUnavailable).safeParse(body);
  if (!parsed.success)
    throw new AppError("invalid_input", { fieldErrors: issuesToErrors(parsed.error.issues) as never });
  const options = quote.options
    .filter((o) => o.quantity > 0)
    .map((o) => ({ optionId: o.option.id, quantity: o.quantity }));
  const session: ReserveSession = {
    ...chooseCar(null, {
      storeId,
      carTypeId,
      search,
      startAt: quote.period.start,
      endAt: quote.period.end,
      rentalPeriodSlug: search.rental_period_slug ?? "01",
      dateUndecided: false,
    }),
    options,
    withImmunity: quote.withImmunity,
    fees: quote.fees,
    optionNotPossibleType: parsed.data.optionNotPossibleType,
    longRentalConfirmed: parsed.data.longRentalConfirmed,
  };
  return { quote, session };
}

/** The customer form checked by the site's schema and the domain, as the customer step does. */
export async function checkCustomer(
  req: ApiRequest,
  session: ReserveSession,
  raw: Record<string, unknown>,
): Promise<ReserveCustomer> {
  const member = req.caller.kind === "browser" ? await req.session?.member() : null;
  const config = await driverFormConfigOf(req.db, req.siteId, req.bundle, req.now);
  const capacity = req.bundle.catalogue.carTypes.find((t) => t.id === session.carTypeId)?.capacity ?? null;
  const schema = customerSchema({ driver: config, member: Boolean(member), storedImageSlots: [], capacity });
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new AppError("invalid_input", { fieldErrors: issuesToErrors(parsed.error.issues) as never });
  return validateReserveCustomer(req.db, req.siteId, {
    memberId: member?.id ?? null,
    input: parsed.data,
    previous: null,
    imageSlots: config.images.map((i) => i.slot),
    today: config.today,
    blobs: req.services.blobs,
    logger: req.services.logger,
  });
}

export async function browserSession(req: ApiRequest): Promise<ReserveSession | null> {
  return req.session ? readReserveSession(await req.session.data()) : null;
}

/** The booking this browser's session just made (404 when there is none). */
export async function justBooked(req: ApiRequest) {
  const done = (await browserSession(req))?.completed;
  const row = done ? await reservationResult(req.db, req.siteId, done.reservationId) : null;
  if (!row) throw notFoundError();
  return row;
}

export const saveSession = (req: ApiRequest, value: ReserveSession | undefined) =>
  req.session!.setData(RESERVE_SESSION_KEY, value);

/** A guest on a members-only site books nothing (spec §4): 401, log in. */
export async function requireBooker(req: ApiRequest) {
  if (req.caller.kind === "key" || req.bundle.settings.isDispNonMember) return;
  if (!(await req.session?.member())) throw new AppError("unauthorized");
}

export const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};

/** A nested JSON object as the form schemas read it. */
export function formLike(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== false)
      .map(([k, v]) => [k, v === true ? "1" : typeof v === "number" ? String(v) : v]),
  );
}

/** The quote of the path's car for the query's period (no options, the class's waiver default). */
export async function quoteFor(req: ApiRequest<z.output<typeof SearchQuerySchema>, z.output<typeof CarParams>>) {
  const search = Object.fromEntries(new URL(req.request.url).searchParams);
  const quote = await quoteReservation(req.db, req.siteId, {
    bundle: req.bundle,
    storeId: req.params.storeId,
    carTypeId: req.params.id,
    search: { ...search, si: String(req.params.storeId) },
    options: [],
    withImmunity: null,
    now: req.now,
  });
  if (!quote) throw notFoundError();
  return quote;
}
