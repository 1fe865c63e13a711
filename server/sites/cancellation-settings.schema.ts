import * as z from "zod/mini";
import type { CancellationFeeStep } from "#common/counter";
import { formText } from "#server/auth/fields.schema";
import { checkboxField, intField, toHalfWidth } from "#server/staff/admin-fields.schema";

/**
 * The site's cancellation settings as the back office edits them (issue 24), client-safe: whether
 * customers may cancel online and until how many hours before departure, and the fee schedule as
 * rows of "at most N days before departure → P percent kept". A row left empty is no step.
 */

/** The rows the form may send; the page never offers more. */
export const MAX_FEE_STEPS = 10;
export const FEE_DAYS_MAX = 365;
export const DEADLINE_HOURS_MAX = 8760;

export const feeDaysName = (row: number) => `fee_days_${row}`;
export const feePercentName = (row: number) => `fee_percent_${row}`;

const ROWS = Array.from({ length: MAX_FEE_STEPS }, (_, row) => row);

/** A row's whole number: null when empty, undefined when refused (so it is not also reported missing). */
const stepField = (max: number) =>
  z.pipe(
    formText,
    z.transform((raw, ctx): number | null | undefined => {
      const value = toHalfWidth(raw);
      if (value === "") return null;
      if (!/^-?\d{1,9}$/.test(value)) {
        ctx.issues.push({ code: "custom", message: "number_invalid", input: raw });
        return undefined;
      }
      const n = Number(value);
      if (n < 0 || n > max) {
        ctx.issues.push({ code: "custom", message: "number_range", input: raw, params: { min: 0, max } });
      }
      return n;
    }),
  );

export const CancellationSettingsSchema = z.pipe(
  z
    .object({
      customer_cancel: checkboxField,
      customer_cancel_deadline_hours: intField(0, DEADLINE_HOURS_MAX),
      ...Object.fromEntries(
        ROWS.flatMap((row) => [
          [feeDaysName(row), stepField(FEE_DAYS_MAX)],
          [feePercentName(row), stepField(100)],
        ]),
      ),
    })
    .check(
      // Checked even when a field has its own message, so a duplicate shows with the others at once.
      z.superRefine(
        (v, ctx) => {
          const values = v as Record<string, unknown>;
          const seen = new Set<number>();
          for (const row of ROWS) {
            const days = values[feeDaysName(row)];
            const percent = values[feePercentName(row)];
            if (days === null && typeof percent === "number") {
              ctx.issues.push({ code: "custom", path: [feeDaysName(row)], message: "required", input: v });
            }
            if (percent === null && typeof days === "number") {
              ctx.issues.push({ code: "custom", path: [feePercentName(row)], message: "required", input: v });
            }
            if (typeof days !== "number") continue;
            if (seen.has(days)) {
              ctx.issues.push({
                code: "custom",
                path: [feeDaysName(row)],
                message: "fee_step_duplicate",
                input: v,
                params: { days },
              });
            }
            seen.add(days);
          }
        },
        { when: () => true },
      ),
    ),
  z.transform((v) => {
    const values = v as Record<string, unknown>;
    const steps: CancellationFeeStep[] = [];
    for (const row of ROWS) {
      const daysBefore = values[feeDaysName(row)];
      const percent = values[feePercentName(row)];
      if (typeof daysBefore === "number" && typeof percent === "number") steps.push({ daysBefore, percent });
    }
    return {
      customerCancel: v.customer_cancel,
      customerCancelDeadlineHours: v.customer_cancel_deadline_hours,
      // Nearest first, as the schedule reads and as cancellationFee() walks it.
      cancellationFees: steps.sort((a, b) => a.daysBefore - b.daysBefore),
    };
  }),
);
export type CancellationSettingsInput = z.infer<typeof CancellationSettingsSchema>;

export interface CancellationSettings {
  customerCancel: boolean;
  customerCancelDeadlineHours: number;
  cancellationFees: CancellationFeeStep[];
}

/** The form's strings for saved settings. */
export function cancellationFormValues(s: CancellationSettings): Record<string, string> {
  const values: Record<string, string> = {
    customer_cancel: s.customerCancel ? "1" : "",
    customer_cancel_deadline_hours: String(s.customerCancelDeadlineHours),
  };
  for (const [row, step] of s.cancellationFees.slice(0, MAX_FEE_STEPS).entries()) {
    values[feeDaysName(row)] = String(step.daysBefore);
    values[feePercentName(row)] = String(step.percent);
  }
  return values;
}

/** How many rows the values fill (sent or saved): the last row with a field present, plus one. */
export function feeRowsIn(values: Record<string, string>): number {
  let rows = 0;
  for (const row of ROWS) {
    if (values[feeDaysName(row)] !== undefined || values[feePercentName(row)] !== undefined) rows = row + 1;
  }
  return rows;
}

/**
 * The schedule in words, nearest first: each step's range of days (from the day after the nearer
 * step's limit) and its percent; what is earlier than every step is free. Steps from a valid form.
 */
export function scheduleRanges(
  steps: readonly CancellationFeeStep[],
): { from: number; to: number | null; percent: number }[] {
  const sorted = [...steps].sort((a, b) => a.daysBefore - b.daysBefore);
  const ranges: { from: number; to: number | null; percent: number }[] = [];
  let from = 0;
  for (const step of sorted) {
    ranges.push({ from, to: step.daysBefore, percent: step.percent });
    from = step.daysBefore + 1;
  }
  ranges.push({ from, to: null, percent: 0 });
  return ranges;
}
