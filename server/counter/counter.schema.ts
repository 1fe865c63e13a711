import * as z from "zod/mini";
import { isValidIsoDate } from "#common/calendar-date";
import { CHECK_ITEMS, type CheckSheet, FUEL_LEVELS, RENTAL_STAGES, type RentalStage } from "#common/counter";
import { formText } from "#server/auth/fields.schema";
import { MAX_MILEAGE_KM } from "#server/catalog/vehicle.schema";
import { intField, optionalField, timeField } from "#server/staff/admin-fields.schema";

/**
 * The counter's forms (issue 24), client-safe: the same schemas run in the browser and in the
 * actions. Times are the store's local date and time as staff read them off the clock.
 */

/** The highest extra charge one line of a return may carry, integer yen. */
export const MAX_EXTRA_YEN = 1_000_000;

/** A date `YYYY-MM-DD` (or `YYYY/MM/DD`) that exists. */
export const dateField = z.pipe(
  formText,
  z.transform((raw, ctx) => {
    const value = raw.replaceAll("/", "-");
    if (value === "") ctx.issues.push({ code: "custom", message: "required", input: raw });
    else if (!isValidIsoDate(value)) ctx.issues.push({ code: "custom", message: "date_invalid", input: raw });
    return value;
  }),
);

export const fuelField = z.pipe(
  formText,
  z.transform((raw, ctx) => {
    const n = Number(raw);
    if (raw === "" || !(FUEL_LEVELS as readonly number[]).includes(n)) {
      ctx.issues.push({ code: "custom", message: raw === "" ? "required" : "invalid_choice", input: raw });
      return 0;
    }
    return n;
  }),
);

/** The check sheet as ticked: each item's radio is `ok` or `ng`; an item left unanswered is refused. */
export const checkFields = Object.fromEntries(
  CHECK_ITEMS.map((item) => [`check_${item}`, z.enum(["ok", "ng"], "required")]),
) as Record<`check_${(typeof CHECK_ITEMS)[number]}`, z.ZodMiniEnum<{ ok: "ok"; ng: "ng" }>>;

export function checkSheetOf(input: Record<string, unknown>): CheckSheet {
  return Object.fromEntries(CHECK_ITEMS.map((item) => [item, input[`check_${item}`] === "ng" ? "ng" : "ok"]));
}

/** A car given to a booking (or taken back: an empty choice). */
export const AssignSchema = z.object({
  vehicle_id: z.pipe(
    formText,
    z.transform((raw, ctx) => {
      if (raw === "") return null;
      if (!/^\d{1,9}$/.test(raw)) ctx.issues.push({ code: "custom", message: "invalid_choice", input: raw });
      return Number(raw);
    }),
  ),
});
export type AssignInput = z.infer<typeof AssignSchema>;

/** The departure: the car handed over, when, its meter and fuel, the check sheet and notes. */
export const DepartureSchema = z.object({
  vehicle_id: z.pipe(
    formText,
    z.transform((raw, ctx) => {
      if (!/^\d{1,9}$/.test(raw)) {
        ctx.issues.push({ code: "custom", message: raw === "" ? "vehicle_required" : "invalid_choice", input: raw });
        return 0;
      }
      return Number(raw);
    }),
  ),
  departed_date: dateField,
  departed_time: timeField,
  mileage_km: intField(0, MAX_MILEAGE_KM),
  fuel: fuelField,
  ...checkFields,
  notes: optionalField(1000),
});
export type DepartureInput = z.infer<typeof DepartureSchema>;

/** A cancellation at the counter: the fee the schedule proposes, which staff may lower, and a note. */
export const StaffCancelSchema = z.object({
  fee: intField(0, 10_000_000),
  note: optionalField(500),
});
export type StaffCancelInput = z.infer<typeof StaffCancelSchema>;

export const RESERVATION_PAGE_SIZE = 50;

export interface ReservationFilter {
  /** A reservation number, a name (or its reading), a phone number or an e-mail address. */
  q: string;
  /** Departures from and to (store dates, inclusive). */
  from: string | null;
  to: string | null;
  storeId: number | null;
  stage: RentalStage | null;
  page: number;
}

/** The reservation list's filter from the query string: anything unreadable is no filter. */
export function reservationFilter(params: URLSearchParams): ReservationFilter {
  const id = (name: string) => {
    const v = params.get(name) ?? "";
    return /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null;
  };
  const date = (name: string) => {
    const v = (params.get(name) ?? "").replaceAll("/", "-");
    return isValidIsoDate(v) ? v : null;
  };
  const stage = params.get("stage") ?? "";
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    from: date("from"),
    to: date("to"),
    storeId: id("store"),
    stage: (RENTAL_STAGES as readonly string[]).includes(stage) ? (stage as RentalStage) : null,
    page: id("page") ?? 1,
  };
}

/** The query string of a filter (links to other pages of the list, the CSV export). */
export function reservationFilterQuery(filter: ReservationFilter, page = 1): string {
  const query = new URLSearchParams();
  if (filter.q) query.set("q", filter.q);
  if (filter.from) query.set("from", filter.from);
  if (filter.to) query.set("to", filter.to);
  if (filter.storeId) query.set("store", String(filter.storeId));
  if (filter.stage) query.set("stage", filter.stage);
  if (page > 1) query.set("page", String(page));
  return query.toString();
}

/** The day's board from the query string: `?date=` (today when absent or unreadable) and `?store=`. */
export function dayFilter(params: URLSearchParams, today: string): { date: string; storeId: number | null } {
  const date = (params.get("date") ?? "").replaceAll("/", "-");
  const store = params.get("store") ?? "";
  return {
    date: isValidIsoDate(date) ? date : today,
    storeId: /^\d{1,9}$/.test(store) && Number(store) > 0 ? Number(store) : null,
  };
}

/** The dispatch board's windows: a week, a fortnight, a month. */
export const DISPATCH_WINDOWS = [7, 14, 30] as const;
export type DispatchWindow = (typeof DISPATCH_WINDOWS)[number];

/** The dispatch board from the query string: `?store=`, `?date=` (today) and `?days=` 7, 14 or 30. */
export function dispatchFilter(
  params: URLSearchParams,
  today: string,
): { storeId: number | null; date: string; days: DispatchWindow } {
  const { date, storeId } = dayFilter(params, today);
  const days = DISPATCH_WINDOWS.find((d) => String(d) === params.get("days")) ?? 7;
  return { storeId, date, days };
}

const CUSTOMER_LOCALES = ["ja", "en", "ko", "zh-TW"] as const;

/** How a counter booking was taken (`reservations.counter_contact`). */
export const COUNTER_CONTACTS = ["phone", "in_person"] as const;
export type CounterContact = (typeof COUNTER_CONTACTS)[number];

/** An id chosen from a list (a store, a car type); the server checks it is this site's. */
const choiceField = z.pipe(
  formText,
  z.transform((raw, ctx) => {
    if (!/^\d{1,9}$/.test(raw)) {
      ctx.issues.push({ code: "custom", message: raw === "" ? "required" : "invalid_choice", input: raw });
      return 0;
    }
    return Number(raw);
  }),
);

/**
 * A booking taken by phone or at the counter (issue 24): the car and period, the customer (a member
 * found by e-mail, or a name and phone), the customer's language for the mails, how they pay at the
 * store. It goes through the public site's submit: same price, same capacity guard, same idempotency.
 */
const phoneCarAndPeriod = {
  store_id: choiceField,
  car_type_id: choiceField,
  start_date: dateField,
  start_time: timeField,
  end_date: dateField,
  end_time: timeField,
  with_immunity: z.pipe(
    z._default(z.string(), ""),
    z.transform((v) => v === "1" || v === "on"),
  ),
};

/**
 * The price of a phone booking as staff fill the form in (issue 37): only the car, the period and the
 * waiver (the options are the form's `option_{id}` fields), so a half-typed customer does not stop it.
 */
export const PhoneQuoteSchema = z.object(phoneCarAndPeriod);
export type PhoneQuoteInput = z.infer<typeof PhoneQuoteSchema>;

export const PhoneBookingSchema = z.object({
  ...phoneCarAndPeriod,
  member_email: formText.check(
    z.maxLength(254, "email_invalid"),
    z.regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, "email_invalid"),
  ),
  name: optionalField(100),
  kana: optionalField(100),
  tel: optionalField(30),
  email: formText.check(z.maxLength(254, "email_invalid"), z.regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, "email_invalid")),
  locale: z.enum(CUSTOMER_LOCALES, "invalid_choice"),
  /** How the booking was taken: on the phone (the default) or from a customer at the desk. */
  counter_contact: z._default(z.enum(COUNTER_CONTACTS, "invalid_choice"), "phone"),
  /** 2 cash, 3 card or 4 another way at the store; 1 by card through a link mailed to the customer. */
  pay_method: z.enum(["2", "3", "4", "1"], "pay_method_required"),
  pay_method_other: optionalField(100),
  passengers: z.pipe(
    formText,
    z.transform((raw, ctx) => {
      if (raw === "") return null;
      if (!/^\d{1,2}$/.test(raw) || Number(raw) < 1)
        ctx.issues.push({ code: "custom", message: "number_invalid", input: raw });
      return Number(raw);
    }),
  ),
  remarks: optionalField(1000),
  /** Issued with the form: a double click or a retry books once. */
  idempotency_key: formText.check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, "invalid_input")),
  /** The total the staff member read out on the confirmation; a change since then is refused. */
  shown_total: z.pipe(
    formText,
    z.transform((raw) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null)),
  ),
});
export type PhoneBookingInput = z.infer<typeof PhoneBookingSchema>;

/**
 * A booking changed at the counter (issue 24): its store, car type, period, options and immunity.
 * `revision` is the booking's as the form was read, so a retry or a second tab changes nothing twice;
 * `shown_total` is the new total read out to the customer (a change since then is refused).
 */
export const ChangeSchema = z.object({
  store_id: choiceField,
  car_type_id: choiceField,
  start_date: dateField,
  start_time: timeField,
  end_date: dateField,
  end_time: timeField,
  with_immunity: z.pipe(
    z._default(z.string(), ""),
    z.transform((v) => v === "1" || v === "on"),
  ),
  revision: intField(0, 1_000_000),
  shown_total: z.pipe(
    formText,
    z.transform((raw) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null)),
  ),
});
export type ChangeInput = z.infer<typeof ChangeSchema>;

/**
 * The option fields of a phone booking (`option_{id}`) as typed, zeros included: a quantity that is
 * not a whole number is NaN, for the domain to refuse with the option's field rather than read as none.
 */
export function optionChoicesOf(input: Record<string, unknown>): { optionId: number; quantity: number }[] {
  return Object.entries(input).flatMap(([name, value]) => {
    const id = /^option_(\d{1,9})$/.exec(name)?.[1];
    if (!id) return [];
    const raw = typeof value === "string" ? value.trim() : "";
    const quantity = raw === "" ? 0 : /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
    return [{ optionId: Number(id), quantity }];
  });
}

/** The option quantities of a change form (`option_{id}` fields); anything unreadable counts as none. */
export function optionQuantitiesOf(input: Record<string, unknown>): { optionId: number; quantity: number }[] {
  return Object.entries(input).flatMap(([name, value]) => {
    const id = /^option_(\d{1,9})$/.exec(name)?.[1];
    const quantity = typeof value === "string" && /^\d{1,2}$/.test(value) ? Number(value) : 0;
    return id && quantity > 0 ? [{ optionId: Number(id), quantity }] : [];
  });
}
