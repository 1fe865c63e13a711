import * as z from "zod/mini";
import { checkboxField, intField } from "#server/staff/admin-fields.schema";
import {
  ALWAYS_REQUIRED,
  asMode,
  DEFAULT_MODES,
  DRIVER_FIELDS,
  type DriverField,
  type DriverInputSettingsLike,
  type FieldMode,
  IMAGE_SLOTS,
  imageFieldName,
  MAX_IMAGES,
} from "./driver.schema";

/**
 * The driver input settings as the back office edits them (spec §3 Driver input setting),
 * client-safe. Each field is hidden (0), optional (1) or required (2); the fields the spec always
 * requires (name and the licence) are hidden or required, never optional. Licence images have a
 * mode each, within how many the form shows (0-4); "hide all inputs" leaves only what is required.
 */

/** The settings' keys, in the form's order: the driver's fields, then the four licence images. */
export const DRIVER_SETTING_KEYS = [...DRIVER_FIELDS, ...IMAGE_SLOTS.map(imageFieldName)] as const;
export type DriverSettingKey = DriverField | `driver_image${number}`;

export const modeFieldName = (key: string) => `mode_${key}`;

/** The modes a key may take: the always-required fields cannot be optional. */
export const modesOf = (key: string): readonly FieldMode[] =>
  ALWAYS_REQUIRED.has(key as DriverField) ? [0, 2] : [0, 1, 2];

const modeField = (key: string) =>
  z.pipe(
    z.enum(modesOf(key).map(String) as [string, ...string[]], "invalid_choice"),
    z.transform((v) => Number(v) as FieldMode),
  );

export const DriverInputSettingsSchema = z.pipe(
  z.object({
    ...Object.fromEntries(DRIVER_SETTING_KEYS.map((key) => [modeFieldName(key), modeField(key)])),
    license_pictures_display_num: intField(0, MAX_IMAGES),
    should_hide_all_inputs: checkboxField,
  }),
  z.transform((v) => {
    const values = v as Record<string, unknown>;
    return {
      fields: Object.fromEntries(DRIVER_SETTING_KEYS.map((key) => [key, values[modeFieldName(key)] as FieldMode])),
      licensePicturesDisplayNum: v.license_pictures_display_num,
      shouldHideAllInputs: v.should_hide_all_inputs,
    } satisfies DriverInputSettingsLike;
  }),
);
export type DriverInputSettingsInput = z.infer<typeof DriverInputSettingsSchema>;

/** A key's mode as the public form reads it (a missing or odd value: the default). */
export function effectiveMode(settings: DriverInputSettingsLike, key: string): FieldMode {
  const fallback = (DEFAULT_MODES as Record<string, FieldMode>)[key] ?? 1;
  const mode = asMode(settings.fields[key], fallback);
  return mode === 1 && ALWAYS_REQUIRED.has(key as DriverField) ? 2 : mode;
}

/** The form's strings for the stored settings (or the defaults). */
export function driverInputSettingsFormValues(settings: DriverInputSettingsLike): Record<string, string> {
  return {
    ...Object.fromEntries(DRIVER_SETTING_KEYS.map((key) => [modeFieldName(key), String(effectiveMode(settings, key))])),
    license_pictures_display_num: String(settings.licensePicturesDisplayNum),
    should_hide_all_inputs: settings.shouldHideAllInputs ? "1" : "",
  };
}
