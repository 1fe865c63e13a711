import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { localTime } from "../../../common/calendar-date";
import { type Locale, pickLang } from "../../../common/locales";
import { type SearchOutcome, searchCarTypes } from "../../../server/availability/search";
import { SearchQuerySchema } from "../../../server/availability/search-schema";
import { reservations } from "../../../server/db/schema";
import { AppError, notFoundError } from "../../../server/errors";
import { ConfirmSchema } from "../../../server/reservations/confirm.schema";
import { type ReserveCustomer, validateReserveCustomer } from "../../../server/reservations/customer";
import { customerSchema } from "../../../server/reservations/customer.schema";
import { optionsFormSchema, readOptionsForm } from "../../../server/reservations/options.schema";
import { type Quote, quoteReservation } from "../../../server/reservations/quote";
import {
  chooseCar,
  RESERVE_SESSION_KEY,
  type ReserveSession,
  readReserveSession,
} from "../../../server/reservations/reserve-session";
import { reservationResult } from "../../../server/reservations/result";
import { ADVANCE_CARD_LIMIT_DAYS, PAY_METHOD, submitReservation } from "../../../server/reservations/submit";
import type { SiteBundle } from "../../../server/sites/site-bundle";
import { CATALOGUES, type MessageKey, translate } from "../../i18n/messages";
import { issuesToErrors } from "../../lib/forms";
import { bookingMails } from "../../presenters/booking-mail.server";
import { driverFormConfigOf } from "../../presenters/driver-form.server";
import { customerStart } from "../../presenters/reserve-customer.server";
import { type ApiRequest, operation } from "../operation.server";
import { reasonText } from "../problem.server";

// ——— What the operations answer ———

const Money = z.number().int().meta({ description: "Yen, tax included." });

const CarTypeSchema = z
  .object({
    id: z.number().int(),
    class_id: z.number().int(),
    class_name: z.string(),
    name: z.string(),
    model_names: z.string(),
    capacity: z.number().int(),
    transmission: z.number().int().meta({ description: "1 automatic, 2 manual." }),
    smoking: z.number().int().meta({ description: "1 non-smoking, 2 smoking." }),
    four_wd: z.boolean(),
    navigation: z.boolean(),
    etc: z.boolean(),
    images: z.array(z.string()),
  })
  .meta({ id: "CarType" });

const PeriodSchema = z
  .object({ start_at: z.string(), end_at: z.string(), start_date: z.string(), end_date: z.string() })
  .meta({ id: "Period", description: "Instants in ISO 8601 (UTC); dates in the store's time zone." });

const FeesSchema = z
  .object({
    rentacar_fee: Money,
    total_option_fee: Money,
    total_compensating_fee: Money,
    total_fee: Money,
  })
  .meta({ id: "Fees" });

const NoticeSchema = z.object({ code: z.string(), message: z.string() }).meta({ id: "Notice" });

const OfferSchema = z
  .object({
    car_type: CarTypeSchema,
    vehicles: z.number().int(),
    remaining: z.number().int().nullable(),
    mark: z.string().nullable().meta({ description: "○ △ × as circle, triangle, cross; null without a period." }),
    can_reserve: z.boolean(),
    price: FeesSchema.nullable(),
    immunity_per_day: Money.nullable(),
    high_season: z.boolean(),
  })
  .meta({ id: "CarTypeOffer" });

const StoreRefSchema = z
  .object({ id: z.number().int(), name: z.string(), time_zone: z.string() })
  .meta({ id: "StoreRef" });

const ReserveSessionOut = z
  .object({
    store_id: z.number().int(),
    car_type_id: z.number().int(),
    start_at: z.string(),
    end_at: z.string(),
    rental_period_slug: z.string(),
    options: z.array(z.object({ option_id: z.number().int(), quantity: z.number().int() })),
    with_immunity: z.boolean(),
    option_not_possible_type: z.number().int().nullable(),
    pay_method: z.number().int().nullable(),
    has_borrower: z.boolean(),
    has_driver: z.boolean(),
    completed: z.object({ reserve_no: z.string() }).nullable(),
  })
  .meta({ id: "ReserveSession", description: "The booking in progress of a browser's session (spec §3)." });

const QuoteOptionSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    quantity: z.number().int(),
    max_quantity: z.number().int(),
    fee: Money,
    may_be_unavailable: z.boolean(),
  })
  .meta({ id: "QuoteOption" });

const QuoteSchema = z
  .object({
    store: StoreRefSchema,
    car_type: CarTypeSchema,
    period: PeriodSchema.nullable(),
    can_reserve: z.boolean(),
    blocked: NoticeSchema.nullable(),
    remaining: z.number().int().nullable(),
    options: z.array(QuoteOptionSchema),
    immunity_compensating_fee: Money.nullable().meta({ description: "Per day." }),
    immunity_compensating_default_flag: z.boolean(),
    with_immunity: z.boolean(),
    fees: FeesSchema.nullable(),
    rental_days: z.number().int(),
  })
  .meta({ id: "Quote" });

const ReservationSchema = z
  .object({
    reserve_no: z.string(),
    status: z.string(),
    store: StoreRefSchema,
    car_type_id: z.number().int(),
    start_at: z.string(),
    end_at: z.string(),
    fees: FeesSchema,
    pay_method: z.number().int(),
    payment_status: z.string().nullable(),
    options: z.array(
      z.object({ option_id: z.number().int().nullable(), name: z.string(), quantity: z.number().int(), fee: Money }),
    ),
    borrower_name: z.string(),
  })
  .meta({ id: "Reservation" });

const SubmitResultSchema = z
  .object({
    outcome: z.enum(["completed", "requires_action"]),
    reserve_no: z.string(),
    reserve_id: z.number().int(),
    action_url: z.string().optional().meta({ description: "3-D Secure: where the card holder confirms the payment." }),
  })
  .meta({ id: "SubmitResult" });

// ——— What they take ———

const CarParams = z.object({ storeId: z.coerce.number().int().positive(), id: z.coerce.number().int().positive() });

/** The booking's choice as the search and options forms send it (their field names), for `session` and `submit-reserve`. */
const ChoiceFields = {
  store_id: z.string().meta({ description: "The departure store's id." }),
  car_type_id: z.string(),
  sd: z.string().meta({ description: "Departure date, YYYY-MM-DD or YYYY/MM/DD." }),
  st: z.string().meta({ description: "Departure time, HH:mm." }),
  ed: z.string().optional(),
  et: z.string().optional(),
  rental_period_slug: z.string().optional(),
  immunity: z.string().optional().meta({ description: '"1": with the collision damage waiver.' }),
  option_not_possible_type: z
    .string()
    .optional()
    .meta({ description: "1 reserve anyway, 2 cancel, when a chosen option may not be provided." }),
};
const ChoiceBody = z
  .looseObject(ChoiceFields)
  .meta({ description: "Also `option_{id}`: the quantity of each option chosen, as on the options form." });

/** The customer form's fields (the borrower, the driver, the trip), checked by the site's own customer schema. */
const formValue = z.union([z.string(), z.number()]).optional();
const CustomerBody = z.looseObject({
  user_type: formValue.meta({ description: "1 individual, 2 corporate." }),
  company: formValue,
  name: formValue,
  kana: formValue.meta({
    description: "The name's reading (katakana), or the name in Latin letters for visitors from abroad.",
  }),
  email: formValue,
  tel: formValue.meta({ description: "Japanese or international (+country code) number." }),
  zip: formValue,
  pref_code: formValue.meta({ description: "1-47 in Japan; 48 abroad (with `country`)." }),
  country: formValue,
  address_a: formValue,
  address_b: formValue,
  destination: formValue,
  purpose: formValue,
  passengers: formValue,
  driver_mode: formValue.meta({ description: "same (the borrower drives), saved (driver_id), new (driver_* fields)." }),
  driver_id: formValue,
});

const SubmitBody = z
  .looseObject({
    ...Object.fromEntries(Object.entries(ChoiceFields).map(([k, v]) => [k, v.optional()])),
    pay_method: z.string().meta({
      description: "2 cash at the store, 3 card at the store, 4 other (pay_method_other); the site's settlement_lists.",
    }),
    pay_method_other: z.string().optional(),
    remarks: z.string().optional(),
    customer: CustomerBody.optional().meta({
      description: "Programs: the customer form's fields. Browsers may leave it out after `validate-reserve-customer`.",
    }),
  })
  .meta({ id: "SubmitReserve" });

// ——— Presenters ———

function carTypeOut(bundle: SiteBundle, locale: Locale, carTypeId: number) {
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

function storeRef(bundle: SiteBundle, locale: Locale, storeId: number) {
  const s = bundle.stores.find((x) => x.id === storeId);
  if (!s) throw notFoundError();
  return { id: s.id, name: pickLang(s, "storeName", locale), time_zone: s.timeZone };
}

const feesOut = (f: { rentCarFee: number; optionFee: number; immunityFee: number; total: number }) => ({
  rentacar_fee: f.rentCarFee,
  total_option_fee: f.optionFee,
  total_compensating_fee: f.immunityFee,
  total_fee: f.total,
});

const periodOut = (p: { start: Date; end: Date; startDate: string; endDate: string }) => ({
  start_at: p.start.toISOString(),
  end_at: p.end.toISOString(),
  start_date: p.startDate,
  end_date: p.endDate,
});

const notice = (locale: Locale, reason: { code: string; params?: Record<string, string | number> } | null) =>
  reason ? { code: reason.code, message: reasonText(locale, reason) } : null;

function quoteOut(bundle: SiteBundle, locale: Locale, quote: Quote) {
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

function sessionOut(s: ReserveSession | null) {
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
function refuseFields(errors: SearchOutcome["errors"] | Quote["errors"]) {
  if (Object.keys(errors).length) throw new AppError("invalid_input", { fieldErrors: errors });
}

/** The search record a choice carries, in the results page's terms (`si`, `sd`, …). */
function searchOf(body: Record<string, unknown>): Record<string, string> {
  const search: Record<string, string> = {};
  for (const key of ["sd", "st", "ed", "et", "rental_period_slug"] as const) {
    if (typeof body[key] === "string") search[key] = body[key];
  }
  search.si = String(body.store_id ?? "");
  return search;
}

const positiveId = (v: unknown) => (typeof v === "string" && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

/** The quote for a choice sent in a body (options by the options form's fields); 422 when it cannot be booked. */
async function quoteChoice(req: ApiRequest, body: Record<string, unknown>) {
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
  };
  return { quote, session };
}

/** The customer form checked by the site's schema and the domain, as the customer step does. */
async function checkCustomer(
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

async function browserSession(req: ApiRequest): Promise<ReserveSession | null> {
  return req.session ? readReserveSession(await req.session.data()) : null;
}

/** The booking this browser's session just made (404 when there is none). */
async function justBooked(req: ApiRequest) {
  const done = (await browserSession(req))?.completed;
  const row = done ? await reservationResult(req.db, req.siteId, done.reservationId) : null;
  if (!row) throw notFoundError();
  return row;
}

const saveSession = (req: ApiRequest, value: ReserveSession | undefined) =>
  req.session!.setData(RESERVE_SESSION_KEY, value);

/** A guest on a members-only site books nothing (spec §4): 401, log in. */
async function requireBooker(req: ApiRequest) {
  if (req.caller.kind === "key" || req.bundle.settings.isDispNonMember) return;
  if (!(await req.session?.member())) throw new AppError("unauthorized");
}

const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};

export const RESERVATION_OPERATIONS = [
  operation({
    method: "get",
    path: "/car-types",
    tag: "reservations",
    operationId: "car-types",
    summary: "Search car types at a store for a period, with their price and vacancy",
    description:
      "The results page's search (spec §3): the same query fields (`si`, `sd`, `st`, `ed`, `et`, filters, `sort`).",
    query: SearchQuerySchema,
    response: z.object({
      store: StoreRefSchema.nullable(),
      period: PeriodSchema.nullable(),
      notice: NoticeSchema.nullable(),
      car_types: z.array(OfferSchema),
      hidden_fully_booked: z.number().int(),
    }),
    browser: "anyone",
    key: "catalog:read",
    problems: [422],
    async handler({ db, siteId, bundle, locale, query, now }) {
      const outcome = await searchCarTypes(db, siteId, { bundle, query, now });
      refuseFields(outcome.errors);
      return {
        store: outcome.store ? storeRef(bundle, locale, outcome.store.id) : null,
        period: outcome.period ? periodOut(outcome.period) : null,
        notice: notice(locale, outcome.notice),
        car_types: outcome.offers.map((o) => ({
          car_type: carTypeOut(bundle, locale, o.carType.id),
          vehicles: o.vehicles,
          remaining: o.remaining,
          mark: o.mark,
          can_reserve: Boolean(o.price && (o.remaining ?? 1) > 0 && !outcome.notice),
          price: o.price ? feesOut(o.price) : null,
          immunity_per_day: o.immunityPerDay,
          high_season: o.highSeason,
        })),
        hidden_fully_booked: outcome.hiddenFullyBooked,
      };
    },
  }),
  operation({
    method: "get",
    path: "/stores/:storeId/car-type/:id",
    tag: "reservations",
    operationId: "stores/{storeId}/car-type/{id}",
    summary: "Whether a car type can be booked at a store for a period (`can_reserve`)",
    query: SearchQuerySchema,
    params: CarParams,
    response: z.object({
      can_reserve: z.boolean(),
      remaining: z.number().int().nullable(),
      reason: NoticeSchema.nullable(),
    }),
    browser: "anyone",
    key: "catalog:read",
    problems: [422],
    async handler(req) {
      const quote = await quoteFor(req);
      refuseFields(quote.errors);
      return {
        can_reserve: Boolean(quote.period && !quote.blocked && quote.fees),
        remaining: quote.remaining,
        reason: notice(req.locale, quote.blocked),
      };
    },
  }),
  operation({
    method: "get",
    path: "/stores/:storeId/car-types/:id",
    tag: "reservations",
    operationId: "stores/{storeId}/car-types/{id}",
    summary: "A car type at a store: its details and, with a period, its price",
    query: SearchQuerySchema,
    params: CarParams,
    response: QuoteSchema,
    browser: "anyone",
    key: "catalog:read",
    problems: [422],
    async handler(req) {
      const quote = await quoteFor(req);
      refuseFields(quote.errors);
      return quoteOut(req.bundle, req.locale, quote);
    },
  }),
  operation({
    method: "get",
    path: "/stores/:storeId/car-types/:id/options",
    tag: "reservations",
    operationId: "stores/{storeId}/car-types/{id}/options",
    summary: "The options step: the options, the waiver and the price for a period; the browser's booking in progress",
    query: SearchQuerySchema,
    params: CarParams,
    response: QuoteSchema.extend({ reserve_session: ReserveSessionOut.nullable(), rental_period_string: z.string() }),
    browser: "anyone",
    key: "catalog:read",
    problems: [422],
    async handler(req) {
      const quote = await quoteFor(req);
      refuseFields(quote.errors);
      const session = await browserSession(req);
      const p = quote.period;
      return {
        ...quoteOut(req.bundle, req.locale, quote),
        reserve_session: sessionOut(session),
        rental_period_string: p
          ? `${p.startDate.replaceAll("-", "/")} ${localTime(p.start, quote.store.timeZone)} - ${p.endDate.replaceAll("-", "/")} ${localTime(p.end, quote.store.timeZone)}`
          : "",
      };
    },
  }),
  operation({
    method: "get",
    path: "/session",
    tag: "reservations",
    operationId: "session",
    summary: "The browser's booking in progress (null when there is none)",
    response: z.object({ reserve_session: ReserveSessionOut.nullable() }),
    browser: "anyone",
    key: false,
    async handler(req) {
      return { reserve_session: sessionOut(await browserSession(req)) };
    },
  }),
  operation({
    method: "post",
    path: "/session",
    tag: "reservations",
    operationId: "session (POST)",
    summary: "Choose the car, the period and the options: priced again and kept in the session",
    body: ChoiceBody,
    response: z.object({ reserve_session: ReserveSessionOut, quote: QuoteSchema }),
    browser: "anyone",
    key: false,
    problems: [422],
    async handler(req) {
      const { quote, session } = await quoteChoice(req, asRecord(req.body));
      const previous = await browserSession(req);
      // The customer already entered stays when only the car or the options change (as on the pages).
      const kept: ReserveSession =
        previous && !previous.completed
          ? {
              ...session,
              borrower: previous.borrower,
              driver: previous.driver,
              selectedDriverId: previous.selectedDriverId,
              destination: previous.destination,
              purpose: previous.purpose,
              passengers: previous.passengers,
              remarks: previous.remarks,
            }
          : session;
      await saveSession(req, kept);
      return { reserve_session: sessionOut(kept)!, quote: quoteOut(req.bundle, req.locale, quote) };
    },
  }),
  operation({
    method: "post",
    path: "/session-clear",
    tag: "reservations",
    operationId: "session-clear",
    summary: "Forget the booking in progress",
    description:
      "§7 lists it among the GETs; it changes the session, so it is a POST here (a GET must not change state, and would escape the CSRF check).",
    response: z.object({ reserve_session: z.null() }),
    browser: "anyone",
    key: false,
    async handler(req) {
      if (req.session?.hasCookie) await saveSession(req, undefined);
      return { reserve_session: null };
    },
  }),
  operation({
    method: "post",
    path: "/validate-reserve-customer",
    tag: "reservations",
    operationId: "validate-reserve-customer",
    summary: "Check the borrower, the driver and the trip; a browser's are kept for the confirmation",
    description:
      "The customer form's fields. Licence images are a page feature: a site that requires them refuses a new driver here.",
    body: CustomerBody,
    response: z.object({ valid: z.literal(true), borrower_name: z.string(), driver_mode: z.string() }),
    browser: "session",
    key: "bookings",
    problems: [422],
    async handler(req) {
      await requireBooker(req);
      const session = await browserSession(req);
      if (req.caller.kind === "browser" && !session)
        throw new AppError("rejected", { reason: { code: "details_updated" } });
      const customer = await checkCustomer(req, session ?? ({ carTypeId: 0 } as ReserveSession), asRecord(req.body));
      if (session) {
        const { discardedImageKeys: _, ...kept } = customer;
        await saveSession(req, { ...session, ...kept });
      }
      return { valid: true as const, borrower_name: customer.borrower.name, driver_mode: customer.driver.mode };
    },
  }),
  operation({
    method: "get",
    path: "/confirmation",
    tag: "reservations",
    operationId: "confirmation",
    summary: "The confirmation: the booking in progress priced now, the payment methods, the store",
    response: z.object({
      reserve_session: ReserveSessionOut,
      rentacar_fee: Money,
      total_option_fee: Money,
      total_compensating_fee: Money,
      total_fee: Money,
      car_type: CarTypeSchema,
      quote: QuoteSchema,
      settlement_lists: z.array(z.number().int()),
      store_management_status: z.number().int(),
      store_names: z.object({ departure: z.string() }),
      fees_changed: z
        .boolean()
        .meta({ description: "The price differs from the one chosen: confirm again (spec §8)." }),
      page_edit_reserve_confirm: z
        .string()
        .nullable()
        .meta({ description: "The site's own text for the confirmation page; no site writes one yet (null)." }),
    }),
    browser: "session",
    key: false,
    problems: [422],
    async handler(req) {
      await requireBooker(req);
      const session = await browserSession(req);
      if (!session?.carTypeId || !session.borrower || !session.driver) {
        throw new AppError("rejected", { reason: { code: session ? "borrower_required" : "details_updated" } });
      }
      const quote = await quoteReservation(req.db, req.siteId, {
        bundle: req.bundle,
        storeId: session.storeId,
        carTypeId: session.carTypeId,
        search: session.search,
        options: session.options,
        withImmunity: session.withImmunity,
        now: req.now,
      });
      if (!quote) throw notFoundError();
      refuseFields(quote.errors);
      if (quote.blocked || !quote.fees)
        throw new AppError("rejected", { reason: quote.blocked ?? { code: "no_cars_in_period" } });
      const changed = Boolean(session.fees && JSON.stringify(session.fees) !== JSON.stringify(quote.fees));
      if (changed || !session.fees) await saveSession(req, { ...session, fees: quote.fees });
      const store = req.bundle.stores.find((s) => s.id === session.storeId)!;
      return {
        reserve_session: sessionOut(session)!,
        ...feesOut(quote.fees),
        car_type: carTypeOut(req.bundle, req.locale, session.carTypeId),
        quote: quoteOut(req.bundle, req.locale, quote),
        settlement_lists: req.bundle.settings.settlementMethods,
        store_management_status: store.managementStatus,
        store_names: { departure: pickLang(store, "storeName", req.locale) },
        fees_changed: changed,
        page_edit_reserve_confirm: null,
      };
    },
  }),
  operation({
    method: "post",
    path: "/submit-reserve",
    tag: "reservations",
    operationId: "submit-reserve",
    summary: "Book: priced and checked again, the car held in one transaction; answers the reservation number",
    description:
      "A browser books its session's car with the chosen payment. A program sends the whole booking: the choice (store_id, car_type_id, sd, st, ed, et, option_{id}, immunity), `customer` and the payment. Paying by card in advance is done on the site's card page (3-D Secure needs the card holder); the API books with payment at the store (2, 3) or another agreed way (4).",
    body: SubmitBody,
    response: SubmitResultSchema,
    status: 201,
    browser: "session",
    key: "bookings",
    idempotent: true,
    problems: [409, 422],
    async handler(req) {
      await requireBooker(req);
      const body = asRecord(req.body);
      const confirm = ConfirmSchema.safeParse({ ...body, idempotency_key: "api" });
      if (!confirm.success)
        throw new AppError("invalid_input", { fieldErrors: issuesToErrors(confirm.error.issues) as never });
      const payMethod = Number(confirm.data.pay_method);
      if (!req.bundle.settings.settlementMethods.includes(payMethod) || payMethod === PAY_METHOD.advanceCard) {
        throw new AppError("invalid_input", {
          fieldErrors: {
            pay_method:
              payMethod === PAY_METHOD.advanceCard
                ? { code: "advance_card_too_early", params: { days: ADVANCE_CARD_LIMIT_DAYS } }
                : { code: "pay_method_required" },
          },
        });
      }
      let session: ReserveSession;
      if (body.store_id !== undefined || req.caller.kind === "key") {
        const chosen = await quoteChoice(req, body);
        const customer = await checkCustomer(req, chosen.session, formLike(asRecord(body.customer)));
        const { discardedImageKeys: _, ...kept } = customer;
        session = { ...chosen.session, ...kept };
      } else {
        const stored = await browserSession(req);
        if (!stored?.carTypeId || !stored.borrower || !stored.driver) {
          throw new AppError("rejected", { reason: { code: stored ? "borrower_required" : "details_updated" } });
        }
        session = stored;
      }
      const current: ReserveSession = {
        ...session,
        payMethod,
        payMethodOther: payMethod === PAY_METHOD.other ? confirm.data.pay_method_other : "",
        remarks: confirm.data.remarks,
      };
      const member = req.caller.kind === "browser" ? await req.session?.member() : null;
      const origin = req.services.publicOrigin ?? new URL(req.request.url).origin;
      const answer = await submitReservation(
        req.db,
        req.siteId,
        {
          bundle: req.bundle,
          session: current,
          // The framework keeps the API's answer per Idempotency-Key; the domain's own key guards the booking.
          idempotencyKey: req.request.headers.get("idempotency-key") ?? randomBytes(18).toString("base64url"),
          memberId: member?.id ?? null,
          locale: req.locale,
          now: req.now,
          channel: "web",
        },
        {
          mailer: req.services.mailer,
          payments: req.services.payments,
          logger: req.services.logger,
          mails: bookingMails({ ...req.services, db: req.db, acrossSites: req.db }, origin),
        },
      );
      if (answer.outcome === "refused") throw new AppError("rejected", { reason: answer.reason });
      if (req.caller.kind === "browser" && req.session) {
        await saveSession(req, {
          ...current,
          completed: { reservationId: answer.reservationId, reserveNo: answer.reserveNo },
        });
      }
      return {
        outcome: answer.outcome,
        reserve_no: answer.reserveNo,
        reserve_id: answer.reservationId,
        ...(answer.outcome === "requires_action" ? { action_url: answer.actionUrl } : {}),
      };
    },
  }),
  operation({
    method: "get",
    path: "/borrower",
    tag: "reservations",
    operationId: "borrower",
    summary:
      "The customer step's starting values: what the booking holds, else the member's profile; the saved drivers",
    response: z.object({
      values: z
        .record(z.string(), z.string())
        .meta({ description: "The customer form's fields, as `validate-reserve-customer` takes them." }),
      prefilled_from_profile: z.boolean(),
      member: z.boolean(),
      capacity: z.number().int().nullable().meta({ description: "The car type's seats: the most passengers." }),
      saved_drivers: z.array(
        z.object({ id: z.number().int(), name: z.string(), expires: z.string().nullable(), expired: z.boolean() }),
      ),
    }),
    browser: "session",
    key: false,
    problems: [422],
    async handler(req) {
      await requireBooker(req);
      const session = await browserSession(req);
      if (!session?.carTypeId) throw new AppError("rejected", { reason: { code: "details_updated" } });
      const member = await req.session?.member();
      const config = await driverFormConfigOf(req.db, req.siteId, req.bundle, req.now);
      const start = await customerStart(req.db, req.siteId, {
        session,
        memberId: member?.id ?? null,
        today: config.today,
      });
      return {
        values: start.values,
        prefilled_from_profile: start.prefilledFromProfile,
        member: Boolean(member),
        capacity: req.bundle.catalogue.carTypes.find((t) => t.id === session.carTypeId)?.capacity ?? null,
        saved_drivers: start.savedDrivers,
      };
    },
  }),
  operation({
    method: "get",
    path: "/completed",
    tag: "reservations",
    operationId: "completed",
    summary: "The booking the session just made: its number, total and payment",
    response: z.object({
      reserve_no: z.string(),
      reserve_id: z.number().int(),
      total_fee: Money,
      pay_method: z.number().int(),
      store: StoreRefSchema,
      start_at: z.string(),
      end_at: z.string(),
      email: z.string(),
    }),
    browser: "session",
    key: false,
    async handler(req) {
      const row = await justBooked(req);
      return {
        reserve_no: row.reserveNo,
        reserve_id: row.id,
        total_fee: row.totalFee,
        pay_method: row.payMethod,
        store: storeRef(req.bundle, req.locale, row.storeId),
        start_at: row.startAt.toISOString(),
        end_at: row.endAt.toISOString(),
        email: row.borrower?.email ?? "",
      };
    },
  }),
  operation({
    method: "get",
    path: "/completion",
    tag: "reservations",
    operationId: "completion",
    summary: "The completion page in the request's language: its texts with the booking the session just made",
    response: z.object({
      title: z.string(),
      lead: z.string(),
      reserve_no: z.string(),
      mail_sent: z.string(),
      contact: z.string(),
      store_name: z.string(),
      return_store_name: z.string(),
      store_tel: z.string(),
      total_fee: Money,
      pay_method: z.number().int(),
      pay_method_label: z.string(),
      member: z.boolean(),
    }),
    browser: "session",
    key: false,
    async handler(req) {
      const row = await justBooked(req);
      const messages = CATALOGUES[req.locale];
      const store = req.bundle.stores.find((s) => s.id === row.storeId);
      const back = req.bundle.stores.find((s) => s.id === (row.returnStoreId ?? row.storeId)) ?? store;
      const storeName = store ? pickLang(store, "storeName", req.locale) : "";
      return {
        title: translate(messages, "completed.title"),
        lead: translate(messages, "completed.lead"),
        reserve_no: row.reserveNo,
        mail_sent: translate(messages, "completed.mailSent", { email: row.borrower?.email ?? "" }),
        contact: translate(messages, "completed.contact", { store: storeName }),
        store_name: storeName,
        return_store_name: back ? pickLang(back, "storeName", req.locale) : "",
        store_tel: store?.tel ?? "",
        total_fee: row.totalFee,
        pay_method: row.payMethod,
        pay_method_label: translate(messages, `reserves.pay.${row.payMethod}` as MessageKey),
        member: Boolean(await req.session?.member()),
      };
    },
  }),
  operation({
    method: "get",
    path: "/reservations/:reserveNo",
    tag: "reservations",
    operationId: "reservations/{reserveNo}",
    summary: "A booking by its number (programs with the bookings scope)",
    params: z.object({ reserveNo: z.string().regex(/^[A-Za-z0-9-]{1,40}$/) }),
    response: ReservationSchema,
    browser: false,
    key: "bookings",
    async handler(req) {
      const [row] = await req.db
        .select()
        .from(reservations)
        .where(and(eq(reservations.siteId, req.siteId), eq(reservations.reserveNo, req.params.reserveNo)));
      if (!row || row.status === "held") throw notFoundError();
      return {
        reserve_no: row.reserveNo,
        status: row.status,
        store: storeRef(req.bundle, req.locale, row.storeId),
        car_type_id: row.carTypeId,
        start_at: row.startAt.toISOString(),
        end_at: row.endAt.toISOString(),
        fees: feesOut({
          rentCarFee: row.rentalFee,
          optionFee: row.optionFee,
          immunityFee: row.immunityFee,
          total: row.totalFee,
        }),
        pay_method: row.payMethod,
        payment_status: row.paymentStatus,
        options: row.options.map((o) => ({
          option_id: o.optionId,
          name: o.name[req.locale] || o.name.ja || "",
          quantity: o.quantity,
          fee: o.fee,
        })),
        borrower_name: row.borrower?.name ?? "",
      };
    },
  }),
];

/** A nested JSON object as the form schemas read it. */
function formLike(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== false)
      .map(([k, v]) => [k, v === true ? "1" : typeof v === "number" ? String(v) : v]),
  );
}

/** The quote of the path's car for the query's period (no options, the class's waiver default). */
async function quoteFor(req: ApiRequest<z.output<typeof SearchQuerySchema>, z.output<typeof CarParams>>) {
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
