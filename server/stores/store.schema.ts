import * as z from "zod/mini";
import { emailField } from "#server/auth/fields.schema";
import {
  checkboxField,
  dateListField,
  intField,
  intListField,
  mlField,
  mlValues,
  optionalDateField,
  optionalField,
  timeField,
} from "#server/staff/admin-fields.schema";

/**
 * A store as the back office edits it (spec §3 Store), client-safe. Names, addresses, access and
 * remarks in four languages; hours, regular and specific holidays, high season, the last day
 * bookings are taken, display order, the turnaround between two rentals of a car and whether it
 * takes new bookings.
 */
export const STORE_STATUS = { active: 1, closed: 2 } as const;
export const STORE_LISTS = ["regular_holiday_week", "high_season_week"] as const;

/** Minutes a car needs between two rentals at most: a day. */
export const TURNAROUND_MAX = 1440;

const ZIP = /^(\d{3}-?\d{4})?$/;
const TEL = /^[0-9+\-() ]{0,20}$/;

export const StoreSchema = z
  .object({
    ...mlField("store_name", { required: true, max: 100 }),
    zip: optionalField(8).check(z.regex(ZIP, "zip_invalid")),
    pref_code: intField(0, 48),
    ...mlField("address_a", { max: 200 }),
    ...mlField("address_b", { max: 200 }),
    tel: optionalField(20).check(z.regex(TEL, "tel_invalid")),
    email: z._default(z.union([z.literal(""), emailField]), ""),
    ...mlField("access", { max: 1000 }),
    ...mlField("remarks", { max: 1000 }),
    business_hours_type: z.enum(["1", "2"], "invalid_choice"),
    business_start_time: timeField,
    business_end_time: timeField,
    is_open_24h: checkboxField,
    regular_holiday_week: intListField(0, 6),
    regular_holiday_dates: z.pipe(
      optionalField(100),
      z.transform((raw, ctx) => {
        const days = raw.split(/[\s,、，]+/).filter(Boolean);
        if (days.some((d) => !/^\d{1,2}$/.test(d) || Number(d) < 1 || Number(d) > 31)) {
          ctx.issues.push({ code: "custom", message: "number_range", input: raw, params: { min: 1, max: 31 } });
          return [];
        }
        return [...new Set(days.map(Number))].sort((a, b) => a - b);
      }),
    ),
    holiday_dates: dateListField,
    high_season_week: intListField(0, 6),
    high_season_dates: dateListField,
    reserve_max_date: optionalDateField,
    closed_date: optionalDateField,
    display_order: intField(0, 9999),
    turnaround_minutes: intField(0, TURNAROUND_MAX),
    management_status: z.enum(["1", "2"], "invalid_choice"),
  })
  .check(
    // Checked even when other fields have their own messages, so every mistake shows at once.
    z.superRefine(
      (v, ctx) => {
        const start = typeof v.business_start_time === "string" ? v.business_start_time : "";
        const end = typeof v.business_end_time === "string" ? v.business_end_time : "";
        if (v.is_open_24h !== true && start && end && start >= end) {
          ctx.issues.push({ code: "custom", path: ["business_end_time"], message: "hours_order", input: v });
        }
      },
      { when: () => true },
    ),
  );
export type StoreInput = z.infer<typeof StoreSchema>;

/** The form's strings for a saved store (editing it). */
export function storeFormValues(store: {
  [key: string]: unknown;
  zip: string;
  prefCode: number | null;
  tel: string;
  email: string | null;
  businessHoursType: number;
  businessStartTime: string;
  businessEndTime: string;
  isOpen24h: boolean;
  regularHolidayWeek: number[];
  regularHolidayDates: number[];
  highSeasonWeek: number[];
  highSeasonDates: string[];
  reserveMaxDate: string | null;
  closedDate: string | null;
  displayOrder: number;
  turnaroundMinutes: number;
  managementStatus: number;
  holidayDates: string[];
}): { values: Record<string, string>; lists: Record<string, string[]> } {
  return {
    values: {
      ...mlValues("storeName", store, "store_name"),
      ...mlValues("addressA", store, "address_a"),
      ...mlValues("addressB", store, "address_b"),
      ...mlValues("access", store, "access"),
      ...mlValues("remarks", store, "remarks"),
      zip: store.zip,
      pref_code: String(store.prefCode ?? 0),
      tel: store.tel,
      email: store.email ?? "",
      business_hours_type: String(store.businessHoursType),
      business_start_time: store.businessStartTime,
      business_end_time: store.businessEndTime,
      is_open_24h: store.isOpen24h ? "1" : "",
      regular_holiday_dates: store.regularHolidayDates.join(", "),
      holiday_dates: store.holidayDates.join("\n"),
      high_season_dates: store.highSeasonDates.join("\n"),
      reserve_max_date: store.reserveMaxDate ?? "",
      closed_date: store.closedDate ?? "",
      display_order: String(store.displayOrder),
      turnaround_minutes: String(store.turnaroundMinutes),
      management_status: String(store.managementStatus),
    },
    lists: {
      regular_holiday_week: store.regularHolidayWeek.map(String),
      high_season_week: store.highSeasonWeek.map(String),
    },
  };
}

/** A new store's form: the spec's default hours (§9) and active. */
export const NEW_STORE_VALUES = {
  values: {
    pref_code: "0",
    business_hours_type: "2",
    business_start_time: "10:00",
    business_end_time: "18:00",
    display_order: "0",
    turnaround_minutes: "0",
    management_status: "1",
  } as Record<string, string>,
  lists: {} as Record<string, string[]>,
};
