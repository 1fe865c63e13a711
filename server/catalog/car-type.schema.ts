import * as z from "zod/mini";
import { formText } from "#server/auth/fields.schema";
import {
  checkboxField,
  intField,
  mlField,
  mlValues,
  optionalIntField,
  toHalfWidth,
} from "#server/staff/admin-fields.schema";
import { idChoiceField } from "./vehicle.schema";

/**
 * A car type as the back office edits it (spec §3 Car), client-safe: its class, names, example models,
 * the facts the result cards and the car page show, notes, order and whether it is published, and its
 * photos (kept ones in the order chosen, new ones uploaded with the form).
 */
export const FUEL_CODES = ["1", "2", "3", "4", "5"] as const;
export const TRANSMISSION_CODES = ["1", "2"] as const;
export const SMOKING_CODES = ["1", "2"] as const;

/** Photos of one car type, each JPEG, PNG or WebP of at most 10 MB (as licence images, spec §9). */
export const MAX_PHOTOS = 6;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const PHOTO_FIELD = "photos";
export const CAR_TYPE_LISTS = ["photo", "photo_order", "photo_remove"] as const;

const stringList = z._default(z.union([z.string(), z.array(z.string())]), []);
const asList = (v: string | string[]) => (Array.isArray(v) ? v : [v]);

export const DEFAULT_TANK_LITRES = 40;
export const MAX_TANK_LITRES = 500;

/** Litres, 1 to 500; empty (or not sent, as by an older client) is the default tank. */
const tankField = z.pipe(
  formText,
  z.transform((raw, ctx) => {
    const value = toHalfWidth(raw);
    if (value === "") return DEFAULT_TANK_LITRES;
    const n = /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isNaN(n)) ctx.issues.push({ code: "custom", message: "number_invalid", input: raw });
    else if (n < 1 || n > MAX_TANK_LITRES) {
      ctx.issues.push({
        code: "custom",
        message: "number_range",
        input: raw,
        params: { min: 1, max: MAX_TANK_LITRES },
      });
    }
    return n;
  }),
);

export const CarTypeSchema = z.pipe(
  z.object({
    class_id: idChoiceField,
    ...mlField("type_name", { required: true, max: 100 }),
    ...mlField("model_names", { max: 200 }),
    capacity: intField(1, 60),
    /** The fuel tank, for the refuelling a return charges (issue 37); 40 litres when not sent. */
    tank_litres: tankField,
    displacement_cc: optionalIntField(1, 20_000),
    doors: optionalIntField(1, 10),
    fuel: z.enum(FUEL_CODES, "invalid_choice"),
    transmission: z.enum(TRANSMISSION_CODES, "invalid_choice"),
    smoking: z.enum(SMOKING_CODES, "invalid_choice"),
    has_navigation: checkboxField,
    has_etc: checkboxField,
    is_four_wd: checkboxField,
    ...mlField("notes", { max: 2000 }),
    display_order: intField(0, 9999),
    is_published: checkboxField,
    /** The saved photos' paths as listed, their new positions (1, 2, …) and those to remove. */
    photo: stringList,
    photo_order: stringList,
    photo_remove: stringList,
  }),
  z.transform(({ photo, photo_order, photo_remove, ...fields }) => {
    const removed = new Set(asList(photo_remove));
    const order = asList(photo_order);
    const kept = asList(photo)
      .map((path, i) => {
        const n = Number(order[i]);
        return { path, at: Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER, i };
      })
      .filter((p) => !removed.has(p.path))
      .sort((a, b) => a.at - b.at || a.i - b.i)
      .map((p) => p.path);
    return { ...fields, photos: { kept, removed: [...removed] } };
  }),
);
export type CarTypeInput = z.infer<typeof CarTypeSchema>;

/** What a chosen file says of itself (a browser File, or the server's file of read bytes). */
export interface PhotoFile {
  size: number;
  type: string;
}

/**
 * Why the files chosen cannot be added, or null: the browser checks what the files declare, the
 * server the bytes themselves (server/catalog/car-photos.ts), both with the same messages.
 */
export function photoFilesProblem(
  files: readonly PhotoFile[],
  kept: number,
): { code: "image_too_large" | "image_type" | "image_too_many"; params?: { max: number } } | null {
  if (files.some((f) => f.size > MAX_PHOTO_BYTES)) return { code: "image_too_large" };
  if (files.some((f) => f.size === 0 || !(PHOTO_TYPES as readonly string[]).includes(f.type))) {
    return { code: "image_type" };
  }
  if (kept + files.length > MAX_PHOTOS) return { code: "image_too_many", params: { max: MAX_PHOTOS } };
  return null;
}

/** The form's strings for a saved car type. */
export function carTypeFormValues(
  row: Record<string, unknown> & {
    classId: number;
    capacity: number;
    tankLitres: number;
    displacementCc: number | null;
    doors: number | null;
    fuel: number;
    transmission: number;
    smoking: number;
    hasNavigation: boolean;
    hasEtc: boolean;
    isFourWd: boolean;
    displayOrder: number;
    isPublished: boolean;
  },
): Record<string, string> {
  const flag = (b: boolean) => (b ? "1" : "");
  return {
    class_id: String(row.classId),
    ...mlValues("typeName", row, "type_name"),
    ...mlValues("modelNames", row, "model_names"),
    ...mlValues("notes", row, "notes"),
    capacity: String(row.capacity),
    tank_litres: String(row.tankLitres),
    displacement_cc: row.displacementCc === null ? "" : String(row.displacementCc),
    doors: row.doors === null ? "" : String(row.doors),
    fuel: String(row.fuel),
    transmission: String(row.transmission),
    smoking: String(row.smoking),
    has_navigation: flag(row.hasNavigation),
    has_etc: flag(row.hasEtc),
    is_four_wd: flag(row.isFourWd),
    display_order: String(row.displayOrder),
    is_published: flag(row.isPublished),
  };
}

/** A new car type: five seats, regular fuel, automatic, non-smoking, navigation and ETC, published. */
export const NEW_CAR_TYPE_VALUES: Record<string, string> = {
  capacity: "5",
  tank_litres: String(DEFAULT_TANK_LITRES),
  fuel: "1",
  transmission: "1",
  smoking: "1",
  has_navigation: "1",
  has_etc: "1",
  display_order: "0",
  is_published: "1",
};
