import * as z from "zod/mini";
import { countryCode } from "#common/address";
import { CUSTOMER_LIMITS, DRIVER_PREFIX, driverLicenseTypeName, passengerChoices } from "#common/customer-form";
import { LICENSE_TYPES } from "#common/license-types";
import { formatPhone } from "#common/phone";
import { emailField, formText, nameReading, optionalText, requiredText } from "#server/auth/fields.schema";
import {
  DRIVER_FIELDS,
  type DriverField,
  type DriverFormConfig,
  type DriverFormInput,
  driverFormValues,
  driverSchema,
  IMAGE_SLOTS,
  imageFieldName,
  imageRemoveName,
  licenseTypeFieldName,
} from "#server/drivers/driver.schema";
import { checkContact } from "#server/members/address.schema";
import { MEMBER_LIMITS, USER_TYPE } from "#server/members/member.schema";
import type { DriverChoice, ReserveSession } from "./reserve-session";

/**
 * The customer step of the booking (spec §2 /reserve/user, §3 Borrower, §5): the borrower, the
 * driver (the borrower, one of the member's saved drivers, or a new driver entered here by the
 * site's driver input settings) and the optional trip details. Client-safe: the same schema runs
 * in the browser and in the action; messages are reason codes. The rules that need the database
 * (whose driver a saved one is) run in `validateReserveCustomer` (customer.ts).
 *
 * Field names: the borrower's are the member form's (`name`, `zip`, …, so the address block with
 * its postal-code lookup is the same); the new driver's are the driver form's with `driver_` in
 * front (`driver_name`, `driver_license_type_ordinary`), except the images, whose names
 * (`driver_image1`, `driver_image1_remove`) already say whose they are.
 */

export const DRIVER_MODES = ["same", "saved", "new"] as const;
export type DriverMode = (typeof DRIVER_MODES)[number];
export { CUSTOMER_LIMITS, DRIVER_PREFIX, driverLicenseTypeName, passengerChoices };

/** A new driver's text field as the customer form names it. */
export const driverFieldName = (field: DriverField) => `${DRIVER_PREFIX}${field}`;

/** The driver form's values (unprefixed names) out of the customer form's. */
export function driverPart(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of DRIVER_FIELDS) if (f !== "license_type") out[f] = v[driverFieldName(f)];
  for (const code of LICENSE_TYPES) out[licenseTypeFieldName(code)] = v[driverLicenseTypeName(code)];
  for (const slot of IMAGE_SLOTS) {
    out[imageFieldName(slot)] = v[imageFieldName(slot)];
    out[imageRemoveName(slot)] = v[imageRemoveName(slot)];
  }
  return out;
}

/** A driver form field name → the customer form's (images keep theirs). */
export function customerDriverField(name: string): string {
  return /^driver_image\d/.test(name) ? name : `${DRIVER_PREFIX}${name}`;
}

/**
 * Which of the form's image slots the images already stored for this booking fill (coming back
 * from the confirmation): they take the shown slots in order, so a new file in one replaces it.
 */
export function storedImageSlots(config: DriverFormConfig, storedCount: number): number[] {
  return config.images.slice(0, Math.max(0, storedCount)).map((i) => i.slot);
}

const PREF = /^(?:[1-9]|[1-3][0-9]|4[0-8])$/;

/** The borrower (spec §3 Borrower), with the member form's rules. */
const borrowerFields = {
  user_type: formText.check(z.minLength(1, "user_type_required"), z.regex(/^[12]?$/, "invalid_choice")),
  company: optionalText(MEMBER_LIMITS.company),
  company_kana: optionalText(MEMBER_LIMITS.company),
  name: requiredText("name_required", MEMBER_LIMITS.name),
  kana: nameReading("kana_required", MEMBER_LIMITS.kana),
  email: emailField,
  // Phone, postal code and country depend on one another: checked with the other cross-field rules.
  tel: optionalText(MEMBER_LIMITS.tel),
  zip: optionalText(MEMBER_LIMITS.zip),
  // Required for an address in Japan only: checked with the country among the cross-field rules.
  pref_code: formText.check(z.refine((v) => v === "" || PREF.test(v), "invalid_choice")),
  country: optionalText(MEMBER_LIMITS.country),
  address_a: requiredText("city_required", MEMBER_LIMITS.address),
  address_b: optionalText(MEMBER_LIMITS.address),
};

const tripFields = (capacity: number | null | undefined) => {
  const max = passengerChoices(capacity).length;
  return {
    destination: optionalText(CUSTOMER_LIMITS.destination),
    purpose: optionalText(CUSTOMER_LIMITS.purpose),
    /** A select of 1 up to the car type's seats (or unspecified): anything else was not one of its choices. */
    passengers: formText.check(
      z.refine((v) => v === "" || (/^[1-9][0-9]?$/.test(v) && Number(v) <= max), "invalid_choice"),
    ),
  };
};

export interface BorrowerInput {
  userType: 1 | 2;
  company: string;
  companyKana: string;
  name: string;
  kana: string;
  email: string;
  /** E.164. */
  tel: string;
  /** Japan: 7 half-width digits; abroad: as the country writes it, or "". */
  zip: string;
  prefCode: number;
  /** ISO 3166-1 alpha-2 ("JP" for a prefecture 1–47). */
  country: string;
  addressA: string;
  addressB: string;
}

export type DriverChoiceInput =
  | { mode: "same" }
  | { mode: "saved"; driverId: number }
  | ({ mode: "new" } & DriverFormInput);

export interface CustomerInput {
  borrower: BorrowerInput;
  driver: DriverChoiceInput;
  destination: string;
  purpose: string;
  passengers: number | null;
}

export interface CustomerSchemaOptions {
  /** The site's driver form (driver input settings and today in the site's zone). */
  driver: DriverFormConfig;
  /** Whether the visitor is a member, who may choose one of their saved drivers. */
  member: boolean;
  /** Image slots already filled by images stored for this booking (`storedImageSlots`). */
  storedImageSlots?: readonly number[];
  /** The booked car type's seats: the passenger count may not exceed them. */
  capacity?: number | null;
}

type Issue = { code: "custom"; message: string; path: string[]; input: unknown };
const issue = (field: string, code: string, input: unknown = ""): Issue => ({
  code: "custom",
  message: code,
  path: [field],
  input,
});
const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const always = { when: () => true };
const DRIVER_ID = /^[1-9][0-9]{0,9}$/;

const borrowerContact = (v: Record<string, unknown>) =>
  checkContact(
    { tel: str(v.tel), zip: str(v.zip), pref_code: str(v.pref_code), country: str(v.country) },
    { telRequired: true, zipRequired: true, prefRequired: true, countryRequired: true },
  );

const isMode = (v: string): v is DriverMode => (DRIVER_MODES as readonly string[]).includes(v);

/**
 * The customer form's schema for a site and a visitor. The driver's fields are checked only
 * for a new driver, with the driver form's own schema (licence rules included: an issue date
 * in the future and an expired licence are refused), and its messages go to the prefixed names.
 */
export function customerSchema(options: CustomerSchemaOptions) {
  const newDriver = driverSchema(options.driver, options.storedImageSlots ?? []);
  const fields = { ...borrowerFields, ...tripFields(options.capacity), driver_mode: formText, driver_id: formText };
  return z.pipe(
    z.looseObject(fields).check(
      z.superRefine((value, ctx) => {
        const v = value as Record<string, unknown>;
        if (str(v.user_type) === String(USER_TYPE.corporate)) {
          if (!str(v.company)) ctx.issues.push(issue("company", "company_required"));
          if (!str(v.company_kana)) ctx.issues.push(issue("company_kana", "company_kana_required"));
        }
        for (const i of borrowerContact(v).issues) ctx.issues.push(issue(i.field, i.code));
        const mode = str(v.driver_mode);
        if (!mode) ctx.issues.push(issue("driver_mode", "driver_selection_required"));
        else if (!isMode(mode) || (mode === "saved" && !options.member)) {
          ctx.issues.push(issue("driver_mode", "invalid_choice"));
        } else if (mode === "saved") {
          const id = str(v.driver_id);
          if (!id) ctx.issues.push(issue("driver_id", "driver_selection_required"));
          else if (!DRIVER_ID.test(id)) ctx.issues.push(issue("driver_id", "invalid_choice"));
        } else if (mode === "new") {
          const parsed = newDriver.safeParse(driverPart(v));
          if (!parsed.success) {
            for (const i of parsed.error.issues) {
              ctx.issues.push(issue(customerDriverField(String(i.path[0] ?? "license_type")), i.message));
            }
          }
        }
      }, always),
    ),
    z.transform((value): CustomerInput => {
      const v = value as Record<string, unknown> & Record<keyof typeof fields, string>;
      const corporate = v.user_type === String(USER_TYPE.corporate);
      const mode = v.driver_mode as DriverMode;
      let driver: DriverChoiceInput;
      if (mode === "saved") driver = { mode, driverId: Number(v.driver_id) };
      else if (mode === "new") {
        const parsed = newDriver.safeParse(driverPart(v));
        // Checked above: a failure here cannot happen, and would be refused rather than guessed at.
        if (!parsed.success) throw new Error("driver fields not valid");
        driver = { mode, ...parsed.data };
      } else driver = { mode: "same" };
      const contact = borrowerContact(v);
      return {
        borrower: {
          userType: corporate ? 2 : 1,
          company: corporate ? v.company : "",
          companyKana: corporate ? v.company_kana : "",
          name: v.name,
          kana: v.kana,
          email: v.email,
          tel: contact.tel,
          zip: contact.zip,
          prefCode: contact.prefCode ?? Number(v.pref_code),
          country: contact.country,
          addressA: v.address_a,
          addressB: v.address_b,
        },
        driver,
        destination: v.destination,
        purpose: v.purpose,
        passengers: v.passengers ? Number(v.passengers) : null,
      };
    }),
  );
}
export type CustomerSchema = ReturnType<typeof customerSchema>;

/** The borrower as a form's values (a member's profile or the session's borrower). */
export function borrowerFormValues(p: {
  userType?: number;
  company?: string;
  companyKana?: string;
  name?: string;
  kana?: string;
  email?: string | null;
  tel?: string;
  zip?: string;
  prefCode?: number | null;
  country?: string;
  addressA?: string;
  addressB?: string;
}): Record<string, string> {
  return {
    user_type: p.userType === 2 ? "2" : "1",
    company: p.company ?? "",
    company_kana: p.companyKana ?? "",
    name: p.name ?? "",
    kana: p.kana ?? "",
    email: p.email ?? "",
    tel: formatPhone(p.tel),
    zip: p.zip ?? "",
    pref_code: p.prefCode ? String(p.prefCode) : "",
    country: countryCode(p.country) ?? "",
    address_a: p.addressA ?? "",
    address_b: p.addressB ?? "",
  };
}

const text = (v: unknown) => (typeof v === "string" ? v : "");

/** The chosen driver as the form's values (Back from the confirmation keeps everything). */
export function driverChoiceFormValues(choice: DriverChoice | null): Record<string, string> {
  if (!choice) return {};
  if (choice.mode === "same") return { driver_mode: "same" };
  if (choice.mode === "saved") return { driver_mode: "saved", driver_id: String(choice.driverId) };
  const p = choice.person as Record<string, unknown>;
  const values = driverFormValues({
    name: text(p.name),
    kana: text(p.kana),
    birthdate: text(p.birthdate) || null,
    tel: text(p.tel),
    zip: text(p.zip),
    country: text(p.country),
    prefCode: typeof p.prefCode === "number" ? p.prefCode : null,
    addressA: text(p.addressA),
    addressB: text(p.addressB),
    licenseTypes: choice.licenseTypes,
    licenseNumber: text(p.licenseNumber),
    licenseAcquisitionDate: choice.licenseAcquisitionDate,
    licenseExpirationDate: choice.licenseExpirationDate,
  });
  const out: Record<string, string> = { driver_mode: "new" };
  for (const [key, value] of Object.entries(values)) out[customerDriverField(key)] = value;
  return out;
}

/** What the session holds of the customer step, as the form's values. */
export function customerFormValues(
  s: Pick<ReserveSession, "borrower" | "driver" | "destination" | "purpose" | "passengers">,
): Record<string, string> {
  return {
    ...(s.borrower ? borrowerFormValues(s.borrower as Parameters<typeof borrowerFormValues>[0]) : {}),
    ...driverChoiceFormValues(s.driver),
    destination: s.destination,
    purpose: s.purpose,
    passengers: s.passengers ? String(s.passengers) : "",
  };
}
