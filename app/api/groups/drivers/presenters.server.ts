import type { ApiRequest } from "#app/api/operation.server";
import { issuesToErrors } from "#app/lib/forms";
import { driverFormConfigOf } from "#app/presenters/driver-form.server";
import { isLicenseType, LICENSE_TYPES } from "#common/license-types";
import { localizePath } from "#common/locales";
import {
  DRIVER_FIELDS,
  driverFormValues,
  driverSchema,
  IMAGE_SLOTS,
  imageRemoveName,
  licenseTypeFieldName,
} from "#server/drivers/driver.schema";
import type { DriverDetail } from "#server/drivers/drivers";
import { AppError, type FieldReasons } from "#server/errors";
import type { DriverBodyInput } from "./schemas.server";

/** The JSON body as the page's form would post it: licence types as checkboxes, no files. */
export function formFields(body: DriverBodyInput, removals: boolean): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  const raw = body as Record<string, unknown>;
  for (const field of DRIVER_FIELDS) if (field in raw) form[field] = raw[field];
  for (const code of LICENSE_TYPES) {
    const name = licenseTypeFieldName(code);
    if (typeof raw[name] === "string" && raw[name] !== "") form[name] = "1";
  }
  for (const code of body.license_types ?? []) form[licenseTypeFieldName(code)] = "1";
  if (removals) {
    for (const slot of IMAGE_SLOTS) {
      const name = imageRemoveName(slot);
      if (typeof raw[name] === "string" && raw[name] !== "") form[name] = "1";
    }
  }
  return form;
}

/** The site's driver schema over the body: the same 422 as the page (a required licence image included). */
export async function parseDriver(
  req: ApiRequest<unknown, unknown, DriverBodyInput>,
  existingSlots: readonly number[],
) {
  const config = await driverFormConfigOf(req.db, req.siteId, req.bundle, req.now);
  const parsed = driverSchema(config, existingSlots).safeParse(formFields(req.body, existingSlots.length > 0));
  if (!parsed.success) {
    throw new AppError("invalid_input", { fieldErrors: issuesToErrors(parsed.error.issues) as FieldReasons });
  }
  return parsed.data;
}

export function driverOut(d: DriverDetail, siteId: string, locale: ApiRequest["locale"]) {
  const v = driverFormValues(d);
  return {
    id: d.id,
    name: v.name!,
    kana: v.kana!,
    birthdate: v.birthdate!,
    tel: v.tel!,
    zip: v.zip!,
    country: v.country!,
    pref_code: v.pref_code!,
    address_a: v.address_a!,
    address_b: v.address_b!,
    license_types: d.licenseTypes.filter(isLicenseType),
    license_number: v.license_number!,
    license_acquisition_date: v.license_acquisition_date!,
    license_expiration_date: v.license_expiration_date!,
    images: d.images.map((i) => ({
      slot: i.slot,
      content_type: i.contentType,
      byte_size: i.byteSize,
      url: localizePath(locale, `/${siteId}/mypage/driver/${d.id}/images/${i.slot}`),
    })),
  };
}

export const NO_IMAGES =
  "Licence images are not taken as JSON: they are uploaded on the site's driver pages. When the site requires an image, the API refuses a driver without one with the page's 422 (`driver_image1`: `image_required`); an update keeps the images already saved.";
