import * as z from "zod/mini";
import { countryCode } from "#common/address";
import type { IsoDate } from "#common/calendar-date";
import {
  IMAGE_SLOTS,
  IMAGE_TYPES,
  imageFieldName,
  imageRemoveName,
  licenseTypeFieldName,
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
} from "#common/driver-form";
import { isLicenseType, LICENSE_TYPES, type LicenseType } from "#common/license-types";
import { formatPhone } from "#common/phone";
import { formText, isNameReading } from "#server/auth/fields.schema";
import { checkContact } from "#server/members/address.schema";

/**
 * The driver form (spec §3 Driver and Driver input setting, §5 driver rules), client-safe: the
 * same schema checks in the browser and in the action. Which fields show and which are required
 * come from the site's driver input settings, resolved into a `DriverFormConfig` on the server
 * (with today's date in the site's time zone) and handed to the page. Messages are reason codes.
 */

/** The text fields of the form, named as in the spec's driver input setting. */
export const DRIVER_FIELDS = [
  "name",
  "kana",
  "birthdate",
  "tel",
  "zip",
  "country",
  "pref_code",
  "address_a",
  "address_b",
  "license_type",
  "license_number",
  "license_acquisition_date",
  "license_expiration_date",
] as const;
export type DriverField = (typeof DRIVER_FIELDS)[number];

/** 0 hidden, 1 shown and optional, 2 shown and required (driver_input_settings.fields). */
export type FieldMode = 0 | 1 | 2;

export { IMAGE_SLOTS, IMAGE_TYPES, imageFieldName, imageRemoveName, licenseTypeFieldName, MAX_IMAGE_BYTES, MAX_IMAGES };

export const DRIVER_LIMITS = {
  name: 50,
  kana: 50,
  tel: 30,
  zip: 12,
  country: 100,
  address: 200,
  licenseNumber: 30,
} as const;

/** Spec §5: these are required whenever they are shown, whatever the setting says. */
export const ALWAYS_REQUIRED: ReadonlySet<DriverField> = new Set([
  "name",
  "license_type",
  "license_number",
  "license_acquisition_date",
  "license_expiration_date",
]);

/** A site without settings (or a field the settings leave out) asks for this. */
export const DEFAULT_MODES: Record<DriverField, FieldMode> = {
  name: 2,
  kana: 1,
  birthdate: 1,
  tel: 1,
  zip: 1,
  country: 1,
  pref_code: 1,
  address_a: 1,
  address_b: 1,
  license_type: 2,
  license_number: 2,
  license_acquisition_date: 2,
  license_expiration_date: 2,
};

/** A site's `driver_input_settings` row (or the defaults when it has none). */
export interface DriverInputSettingsLike {
  fields: Record<string, number>;
  licensePicturesDisplayNum: number;
  shouldHideAllInputs: boolean;
}

export interface DriverFormConfig {
  modes: Record<DriverField, FieldMode>;
  /** The image inputs the form shows, in order. */
  images: { slot: number; required: boolean }[];
  /** Today in the site's time zone: the issue date may not be after it, the expiry not before it. */
  today: IsoDate;
}

export const asMode = (value: unknown, fallback: FieldMode): FieldMode =>
  value === 0 || value === 1 || value === 2 ? value : fallback;

/**
 * The settings as the form applies them. A field set to 0 is hidden. The spec's always-required
 * fields are required whenever shown. `should_hide_all_inputs` hides every optional input (field
 * or image), leaving only what is required. `license_pictures_display_num` (0–4) caps how many
 * image inputs show; each image's own mode (driver_image1–4, default optional) applies within it.
 */
export function driverFormConfig(settings: DriverInputSettingsLike, today: IsoDate): DriverFormConfig {
  const modes = {} as Record<DriverField, FieldMode>;
  for (const field of DRIVER_FIELDS) {
    let mode = asMode(settings.fields[field], DEFAULT_MODES[field]);
    if (mode !== 0 && ALWAYS_REQUIRED.has(field)) mode = 2;
    if (mode === 1 && settings.shouldHideAllInputs) mode = 0;
    modes[field] = mode;
  }
  const shown = Math.max(0, Math.min(MAX_IMAGES, Math.trunc(settings.licensePicturesDisplayNum)));
  const images: DriverFormConfig["images"] = [];
  for (const slot of IMAGE_SLOTS.slice(0, shown)) {
    const mode = asMode(settings.fields[imageFieldName(slot)], 1);
    if (mode === 0 || (mode === 1 && settings.shouldHideAllInputs)) continue;
    images.push({ slot, required: mode === 2 });
  }
  return { modes, images, today };
}

const DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;

/** "YYYY-MM-DD" (or "YYYY/MM/DD", spec §9) → the ISO date, or null when it names no real day. */
export function parseFormDate(value: string): IsoDate | null {
  const m = DATE.exec(value.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2200 || mo < 1 || mo > 12 || d < 1) return null;
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  return `${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** Spec §5: an issue date may not be in the future (today counts as issued). */
export const issueDateInFuture = (issued: IsoDate, today: IsoDate) => issued > today;
/** Spec §5: an expired licence is refused; one that expires today is still valid today. */
export const licenceExpired = (expires: IsoDate, today: IsoDate) => expires < today;

/** What a file input carries (a browser File, or the server's File of sniffed bytes). */
interface FileLike {
  name: string;
  size: number;
  type: string;
}
const isFileLike = (v: unknown): v is FileLike =>
  typeof v === "object" && v !== null && typeof (v as FileLike).size === "number" && "name" in v;
/** An input with no file chosen sends an empty, unnamed part. */
const isChosen = (v: unknown): v is FileLike => isFileLike(v) && (v.size > 0 || v.name !== "");

const PREF = /^(?:[1-9]|[1-3][0-9]|4[0-8])$/;

/** Phone, postal code and country of a driver, by the fields the form shows. */
function contactOf(v: Record<string, unknown>, modes: Record<DriverField, FieldMode>) {
  const shown = (f: DriverField) => modes[f] !== 0;
  return checkContact(
    {
      tel: shown("tel") ? str(v.tel) : "",
      zip: shown("zip") ? str(v.zip) : "",
      pref_code: shown("pref_code") ? str(v.pref_code) : "",
      country: shown("country") ? str(v.country) : "",
    },
    {
      telShown: shown("tel"),
      telRequired: modes.tel === 2,
      zipRequired: modes.zip === 2,
      prefShown: shown("pref_code"),
      prefRequired: modes.pref_code === 2,
      countryShown: shown("country"),
      countryRequired: modes.country === 2,
    },
  );
}

/** The driver as the domain stores it; a field the form hides is absent (and left as it was). */
export interface DriverFields {
  name: string;
  kana: string;
  birthdate: IsoDate | null;
  tel: string;
  zip: string;
  country: string;
  prefCode: number | null;
  addressA: string;
  addressB: string;
  licenseTypes: LicenseType[];
  licenseNumber: string;
  licenseAcquisitionDate: IsoDate | null;
  licenseExpirationDate: IsoDate | null;
}

export interface DriverFormInput {
  driver: Partial<DriverFields>;
  /** New images by slot (to be sniffed again and re-encoded on the server). */
  images: { slot: number; file: File }[];
  /** Slots whose current image is to go (and not replaced). */
  removals: number[];
}

type Issue = {
  code: "custom";
  message: string;
  path: string[];
  input: unknown;
};
const issue = (field: string, code: string): Issue => ({ code: "custom", message: code, path: [field], input: "" });
const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");

function textIssues(v: Record<string, unknown>, config: DriverFormConfig, existingSlots: readonly number[]): Issue[] {
  const issues: Issue[] = [];
  const { modes, today } = config;
  const shown = (f: DriverField) => modes[f] !== 0;
  const required = (f: DriverField) => modes[f] === 2;
  const text = (f: DriverField, missing: string, max: number) => {
    if (!shown(f)) return;
    const value = str(v[f]);
    if (!value && required(f)) issues.push(issue(f, missing));
    else if (value.length > max) issues.push(issue(f, "text_too_long"));
  };
  text("name", "name_required", DRIVER_LIMITS.name);
  text("kana", "kana_required", DRIVER_LIMITS.kana);
  if (shown("kana") && !isNameReading(str(v.kana))) issues.push(issue("kana", "kana_invalid"));
  if (shown("birthdate")) {
    const value = str(v.birthdate);
    const date = value ? parseFormDate(value) : null;
    if (!value) {
      if (required("birthdate")) issues.push(issue("birthdate", "birthdate_required"));
    } else if (!date || date > today) issues.push(issue("birthdate", "birthdate_invalid"));
  }
  const contact = contactOf(v, modes);
  for (const i of contact.issues) if (shown(i.field)) issues.push(issue(i.field, i.code));
  if (shown("tel") && str(v.tel).length > DRIVER_LIMITS.tel) issues.push(issue("tel", "tel_invalid"));
  if (shown("zip") && str(v.zip).length > DRIVER_LIMITS.zip) issues.push(issue("zip", "zip_invalid"));
  if (shown("pref_code")) {
    const value = str(v.pref_code);
    // Required only for an address in Japan: checkContact says so.
    if (value && !PREF.test(value)) issues.push(issue("pref_code", "invalid_choice"));
  }
  text("address_a", "city_required", DRIVER_LIMITS.address);
  text("address_b", "building_required", DRIVER_LIMITS.address);
  if (shown("license_type")) {
    const chosen = LICENSE_TYPES.filter((code) => str(v[licenseTypeFieldName(code)]) !== "");
    if (chosen.length === 0 && required("license_type")) issues.push(issue("license_type", "license_type_required"));
  }
  text("license_number", "license_number_required", DRIVER_LIMITS.licenseNumber);
  let issued: IsoDate | null = null;
  if (shown("license_acquisition_date")) {
    const value = str(v.license_acquisition_date);
    issued = value ? parseFormDate(value) : null;
    if (!value) {
      if (required("license_acquisition_date"))
        issues.push(issue("license_acquisition_date", "license_issue_required"));
    } else if (!issued) issues.push(issue("license_acquisition_date", "date_invalid"));
    else if (issueDateInFuture(issued, today)) issues.push(issue("license_acquisition_date", "license_issue_future"));
  }
  if (shown("license_expiration_date")) {
    const value = str(v.license_expiration_date);
    const expires = value ? parseFormDate(value) : null;
    if (!value) {
      if (required("license_expiration_date")) issues.push(issue("license_expiration_date", "license_expiry_required"));
    } else if (!expires) issues.push(issue("license_expiration_date", "date_invalid"));
    else if (licenceExpired(expires, today)) issues.push(issue("license_expiration_date", "license_expired"));
    else if (issued && expires < issued) issues.push(issue("license_expiration_date", "date_invalid"));
  }
  for (const { slot, required: imageRequired } of config.images) {
    const field = imageFieldName(slot);
    const file = v[field];
    if (isChosen(file)) {
      if (file.size === 0) issues.push(issue(field, "image_type"));
      else if (file.size > MAX_IMAGE_BYTES) issues.push(issue(field, "image_too_large"));
      else if (file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type)) {
        issues.push(issue(field, "image_type"));
      }
    } else if (imageRequired) {
      const kept = existingSlots.includes(slot) && str(v[imageRemoveName(slot)]) === "";
      if (!kept) issues.push(issue(field, "image_required"));
    }
  }
  return issues;
}

function toInput(v: Record<string, unknown>, config: DriverFormConfig, existingSlots: readonly number[]) {
  const { modes } = config;
  const driver: Partial<DriverFields> = {};
  const shown = (f: DriverField) => modes[f] !== 0;
  if (shown("name")) driver.name = str(v.name);
  if (shown("kana")) driver.kana = str(v.kana);
  if (shown("birthdate")) driver.birthdate = parseFormDate(str(v.birthdate));
  const contact = contactOf(v, modes);
  if (shown("tel")) driver.tel = contact.tel;
  if (shown("zip")) driver.zip = contact.zip;
  if (shown("country")) driver.country = contact.country;
  if (shown("pref_code")) driver.prefCode = contact.prefCode;
  if (shown("address_a")) driver.addressA = str(v.address_a);
  if (shown("address_b")) driver.addressB = str(v.address_b);
  if (shown("license_type")) {
    driver.licenseTypes = LICENSE_TYPES.filter((code) => str(v[licenseTypeFieldName(code)]) !== "");
  }
  if (shown("license_number")) driver.licenseNumber = str(v.license_number);
  if (shown("license_acquisition_date")) {
    driver.licenseAcquisitionDate = parseFormDate(str(v.license_acquisition_date));
  }
  if (shown("license_expiration_date")) {
    driver.licenseExpirationDate = parseFormDate(str(v.license_expiration_date));
  }
  const images: DriverFormInput["images"] = [];
  const removals: number[] = [];
  for (const { slot } of config.images) {
    const file = v[imageFieldName(slot)];
    if (isChosen(file) && file instanceof File) images.push({ slot, file });
    else if (existingSlots.includes(slot) && str(v[imageRemoveName(slot)]) !== "") removals.push(slot);
  }
  return { driver, images, removals } satisfies DriverFormInput;
}

const always = { when: () => true };

/**
 * The schema of one driver form: `existingSlots` are the images the driver already has (edit),
 * which satisfy a required image unless marked for removal.
 */
export function driverSchema(config: DriverFormConfig, existingSlots: readonly number[] = []) {
  const fields = Object.fromEntries(DRIVER_FIELDS.map((f) => [f, formText])) as Record<DriverField, typeof formText>;
  return z.pipe(
    z
      .looseObject(fields)
      .check(
        z.superRefine(
          (v, ctx) => void ctx.issues.push(...textIssues(v as Record<string, unknown>, config, existingSlots)),
          always,
        ),
      ),
    z.transform((v) => toInput(v as Record<string, unknown>, config, existingSlots)),
  );
}
export type DriverSchema = ReturnType<typeof driverSchema>;

/** A saved driver → the form's strings (edit). */
export function driverFormValues(
  d: Omit<DriverFields, "licenseTypes"> & { licenseTypes: readonly string[] },
): Record<string, string> {
  const values: Record<string, string> = {
    name: d.name,
    kana: d.kana,
    birthdate: d.birthdate ?? "",
    tel: formatPhone(d.tel),
    zip: d.zip,
    country: countryCode(d.country) ?? "",
    pref_code: d.prefCode ? String(d.prefCode) : "",
    address_a: d.addressA,
    address_b: d.addressB,
    license_number: d.licenseNumber,
    license_acquisition_date: d.licenseAcquisitionDate ?? "",
    license_expiration_date: d.licenseExpirationDate ?? "",
  };
  for (const code of d.licenseTypes) if (isLicenseType(code)) values[licenseTypeFieldName(code)] = "1";
  return values;
}

/** The delete button of the driver list: which driver. */
export const DeleteDriverSchema = z.object({
  driver_id: formText.check(z.regex(/^[1-9][0-9]{0,9}$/, "invalid_input")),
});
