import type { RouterContextProvider } from "react-router";
import { redirectWithFlash } from "#app/lib/flash.server";
import { formFailure } from "#app/lib/form-action.server";
import { issuesToErrors } from "#app/lib/forms";
import type { SessionMember } from "#app/lib/session.server";
import { getSite, services } from "#app/lib/site.server";
import type { ReasonLike } from "#common/app-error";
import { localDate } from "#common/calendar-date";
import { formatIsoDate } from "#common/format";
import { maskLicenseNumber } from "#common/license-types";
import { localizePath } from "#common/locales";
import type { Db } from "#server/db/client";
import { type DriverFormConfig, driverFormConfig, driverSchema } from "#server/drivers/driver.schema";
import { type DriverSummary, registerDriver, updateDriver } from "#server/drivers/drivers";
import { prepareImages, readDriverUpload } from "#server/drivers/images";
import { readDriverInputSettings } from "#server/drivers/settings";
import { AppError } from "#server/errors";
import { type SiteBundle, siteTimeZone } from "#server/sites/site-bundle";

type Context = Readonly<RouterContextProvider>;

/** The site's driver form as it stands today (settings read from the database, today in the site's zone). */
export async function loadDriverFormConfig(context: Context, now = new Date()): Promise<DriverFormConfig> {
  const { siteId, bundle } = getSite(context);
  return driverFormConfigOf(services(context).db, siteId, bundle, now);
}

/** The same without a router context: the pages and the JSON API (app/api/groups/drivers/). */
export async function driverFormConfigOf(
  db: Db,
  siteId: string,
  bundle: Pick<SiteBundle, "stores">,
  now = new Date(),
): Promise<DriverFormConfig> {
  const settings = await readDriverInputSettings(db, siteId);
  return driverFormConfig(settings, localDate(now, siteTimeZone(bundle)));
}

export function driverListPath(context: Context): string {
  const { siteId, locale } = getSite(context);
  return localizePath(locale, `/${siteId}/mypage/driver/driver_list`);
}

/**
 * The action of the new and edit pages: the multipart body read as it streams (limits → 413
 * with the form refilled), the site's schema, every image's bytes checked and re-encoded, then
 * the domain call and a redirect to the list with its flash (spec §8). Failures re-render the
 * form with the danger notice and the field errors, values kept (files must be chosen again).
 */
export async function submitDriverForm(
  context: Context,
  request: Request,
  member: SessionMember,
  target: { driverId: number; existingSlots: readonly number[] } | null,
) {
  const { siteId } = getSite(context);
  const { db, blobs, logger } = services(context);
  const config = await loadDriverFormConfig(context);
  const upload = await readDriverUpload(request);
  if (!upload.ok) return formFailure(upload.form, { form: upload.reason }, upload.status);

  const parsed = driverSchema(config, target?.existingSlots ?? []).safeParse(Object.fromEntries(upload.form));
  const errors: Record<string, ReasonLike> = {
    ...(parsed.success ? {} : issuesToErrors(parsed.error.issues)),
    ...upload.fileErrors,
  };
  if (!parsed.success || Object.keys(errors).length > 0) return formFailure(upload.form, errors);

  const input = parsed.data;
  try {
    const images = await prepareImages(input.images);
    if (target) {
      await updateDriver(
        db,
        { blobs, logger },
        siteId,
        member.id,
        target.driverId,
        input.driver,
        images,
        input.removals,
      );
    } else {
      await registerDriver(db, { blobs, logger }, siteId, member.id, input.driver, images);
    }
  } catch (error) {
    if (error instanceof AppError && error.details.fieldErrors) {
      return formFailure(upload.form, error.details.fieldErrors, error.status);
    }
    throw error;
  }
  return redirectWithFlash(request, driverListPath(context), {
    kind: "success",
    key: target ? "driver.flash.changed" : "driver.flash.registered",
  });
}

/** A driver of the list as the page shows it: the licence number masked but for its last four. */
export function presentDriverSummary(d: DriverSummary) {
  return {
    id: d.id,
    name: d.name,
    kana: d.kana,
    licenseTypes: d.licenseTypes,
    licenseNumber: maskLicenseNumber(d.licenseNumber),
    licenseExpirationDate: d.licenseExpirationDate ? formatIsoDate(d.licenseExpirationDate) : null,
    imageCount: d.imageCount,
    hasReserve: d.hasReserve,
  };
}
