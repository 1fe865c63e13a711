import * as z from "zod/mini";
import { addDays, daysBetween, isValidIsoDate } from "#common/calendar-date";

/**
 * The owner's reports (issue 41): which days, which store, and how the series are grouped. Read from
 * the page's query string; a value that makes no sense falls back to the default rather than failing,
 * since the filter is a GET form anyone may edit by hand.
 */
export const REPORT_STEPS = ["day", "week", "month"] as const;
export type ReportStep = (typeof REPORT_STEPS)[number];

export const REPORT_KINDS = ["occupancy", "sales", "cancellations", "lead-time", "languages", "channels"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The longest period one report covers: a year and a day (a leap year's 366 days). */
export const MAX_REPORT_DAYS = 366;
/** Without dates: the last 30 days up to today. */
export const DEFAULT_REPORT_DAYS = 30;

const isoDate = z.string().check(z.refine((v) => isValidIsoDate(v), "date_invalid"));

export const ReportQuerySchema = z.object({
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  store: z.optional(z.string().check(z.regex(/^\d{1,9}$/))),
  step: z.optional(z.enum(REPORT_STEPS)),
});

/** A report's period (site-local dates, both included), its store (null for all) and its grouping. */
export interface ReportPeriod {
  from: string;
  to: string;
  storeId: number | null;
  step: ReportStep;
  /** The site's time zone: days, weeks and months are its calendar's. */
  timeZone: string;
}

/** The period the query string asks for, checked; `today` is the site's date. */
export function reportPeriod(params: URLSearchParams, today: string, timeZone: string): ReportPeriod {
  const read = (key: string) => {
    const value = params.get(key)?.replaceAll("/", "-");
    return value ? value : undefined;
  };
  const parsed = ReportQuerySchema.safeParse({
    from: read("from"),
    to: read("to"),
    store: read("store"),
    step: read("step"),
  });
  const q = parsed.success ? parsed.data : {};
  let to = q.to ?? today;
  let from = q.from ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1));
  if (daysBetween(from, to) < 0) [from, to] = [to, from];
  if (daysBetween(from, to) >= MAX_REPORT_DAYS) from = addDays(to, -(MAX_REPORT_DAYS - 1));
  return { from, to, storeId: q.store ? Number(q.store) : null, step: q.step ?? "day", timeZone };
}
