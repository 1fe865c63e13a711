import * as z from "zod/mini";
import { isValidIsoDate } from "#common/calendar-date";
import { formText } from "#server/auth/fields.schema";

/**
 * Field rules of the back office's forms (client-safe, messages are reason codes): the same
 * schema runs in the browser and in the action. Values arrive as form strings; checkbox groups
 * as lists (`handleForm(…, { lists })`).
 */

/** Text that must be there, at most `max` characters. */
export const requiredField = (max = 100) =>
  formText.check(z.minLength(1, "required"), z.maxLength(max, "text_too_long"));

/** Text that may be empty, at most `max` characters. */
export const optionalField = (max = 100) => formText.check(z.maxLength(max, "text_too_long"));

/** The multi-language names of a text: `name`, `name_en`, `name_kr`, `name_tw` (spec §3). */
export const mlNames = <N extends string>(name: N) => [name, `${name}_en`, `${name}_kr`, `${name}_tw`] as const;

/**
 * A text in the public site's four languages: Japanese (required when `required`) and the three
 * others, which fall back to Japanese when empty.
 */
export function mlField<N extends string>(name: N, options: { required?: boolean; max?: number } = {}) {
  const max = options.max ?? 100;
  const [ja, en, kr, tw] = mlNames(name);
  return {
    [ja]: options.required ? requiredField(max) : optionalField(max),
    [en]: optionalField(max),
    [kr]: optionalField(max),
    [tw]: optionalField(max),
  } as Record<N | `${N}_en` | `${N}_kr` | `${N}_tw`, ReturnType<typeof optionalField>>;
}

/** The columns of a multi-language text (`storeName`, `storeNameEn`, …) from its form fields; empty variants are null. */
export function mlColumns<K extends string>(
  column: K,
  values: Record<string, string>,
  field: string,
): Record<K, string> & Record<`${K}En` | `${K}Kr` | `${K}Tw`, string | null> {
  return {
    [column]: values[field] ?? "",
    [`${column}En`]: values[`${field}_en`] || null,
    [`${column}Kr`]: values[`${field}_kr`] || null,
    [`${column}Tw`]: values[`${field}_tw`] || null,
  } as Record<K, string> & Record<`${K}En` | `${K}Kr` | `${K}Tw`, string | null>;
}

/** A multi-language text's form values from its columns. */
export function mlValues(column: string, row: Record<string, unknown>, field: string): Record<string, string> {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    [field]: text(row[column]),
    [`${field}_en`]: text(row[`${column}En`]),
    [`${field}_kr`]: text(row[`${column}Kr`]),
    [`${field}_tw`]: text(row[`${column}Tw`]),
  };
}

const DIGITS = /^-?\d{1,9}$/;

/** A whole number from `min` to `max`, as typed (full-width digits and commas allowed). */
export const intField = (min: number, max: number) =>
  z.pipe(
    formText,
    z.transform((raw, ctx) => {
      const value = toHalfWidth(raw).replace(/[,，]/g, "");
      if (value === "") {
        ctx.issues.push({ code: "custom", message: "required", input: raw });
        return 0;
      }
      if (!DIGITS.test(value)) {
        ctx.issues.push({ code: "custom", message: "number_invalid", input: raw });
        return 0;
      }
      const n = Number(value);
      if (n < min || n > max) {
        ctx.issues.push({ code: "custom", message: "number_range", input: raw, params: { min, max } });
      }
      return n;
    }),
  );

/** A whole number that may be left empty (null). */
export const optionalIntField = (min: number, max: number) =>
  z.pipe(
    formText,
    z.transform((raw, ctx) => {
      const value = toHalfWidth(raw).replace(/[,，]/g, "");
      if (value === "") return null;
      if (!DIGITS.test(value)) {
        ctx.issues.push({ code: "custom", message: "number_invalid", input: raw });
        return null;
      }
      const n = Number(value);
      if (n < min || n > max) {
        ctx.issues.push({ code: "custom", message: "number_range", input: raw, params: { min, max } });
      }
      return n;
    }),
  );

/** A ticked checkbox sends "1" (or the browser's "on"); an unticked one nothing. */
export const checkboxField = z.pipe(
  z._default(z.string(), ""),
  z.transform((v) => v === "1" || v === "on" || v === "true"),
);

/** A date `YYYY-MM-DD` that exists, or empty (null). */
export const optionalDateField = z.pipe(
  formText,
  z.transform((raw, ctx) => {
    if (raw === "") return null;
    const value = raw.replaceAll("/", "-");
    if (!isValidIsoDate(value)) {
      ctx.issues.push({ code: "custom", message: "date_invalid", input: raw });
      return null;
    }
    return value;
  }),
);

/** A time `HH:mm` on the half hour or not. */
export const timeField = formText.check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "time_invalid"));

/** Dates typed one per line or separated by commas or spaces (`2026-12-31`, `2026/12/31`), sorted, each once. */
export const dateListField = z.pipe(
  formText,
  z.transform((raw, ctx) => {
    const dates = new Set<string>();
    for (const part of raw.split(/[\s,、，]+/).filter(Boolean)) {
      const value = part.replaceAll("/", "-");
      if (!isValidIsoDate(value)) {
        ctx.issues.push({ code: "custom", message: "date_invalid", input: raw, params: { date: part } });
        return [];
      }
      dates.add(value);
    }
    return [...dates].sort();
  }),
);

/** Checkbox values that must be whole numbers in a range (weekdays 0-6, store ids): others are dropped. */
export const intListField = (min: number, max: number) =>
  z.pipe(
    z._default(z.union([z.string(), z.array(z.string())]), []),
    z.transform((value) => {
      const list = (Array.isArray(value) ? value : [value]).filter((v) => /^\d{1,9}$/.test(v)).map(Number);
      return [...new Set(list.filter((n) => n >= min && n <= max))].sort((a, b) => a - b);
    }),
  );

/** Full-width digits and signs typed with a Japanese keyboard, as half-width. */
export function toHalfWidth(value: string): string {
  return value.replace(/[０-９－]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}
