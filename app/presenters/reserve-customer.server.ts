import { type RouterContextProvider, redirect } from "react-router";
import { formFailure } from "#app/lib/form-action.server";
import { issuesToErrors } from "#app/lib/forms";
import { optionsPath, requireReserveSession, reservePath, saveReserveSession } from "#app/lib/reserve-session.server";
import { getMember, type SessionMember } from "#app/lib/session.server";
import { getSite, services } from "#app/lib/site.server";
import type { ReasonLike } from "#common/app-error";
import type { IsoDate } from "#common/calendar-date";
import { formatIsoDate } from "#common/format";
import type { Db } from "#server/db/client";
import { licenceExpired } from "#server/drivers/driver.schema";
import { listDrivers } from "#server/drivers/drivers";
import { readDriverUpload } from "#server/drivers/images";
import { AppError } from "#server/errors";
import { getProfile } from "#server/members/profile";
import { discardImages, validateReserveCustomer } from "#server/reservations/customer";
import {
  borrowerFormValues,
  customerFormValues,
  customerSchema,
  driverChoiceFormValues,
  storedImageSlots,
} from "#server/reservations/customer.schema";
import type { ReserveSession } from "#server/reservations/reserve-session";
import { bookingSummary } from "./booking.server";
import { loadDriverFormConfig } from "./driver-form.server";

type Context = Readonly<RouterContextProvider>;

/**
 * The customer step (spec §2 /reserve/user): who may be here, what the form starts with, and
 * the action that checks it (schema, then validate-reserve-customer) and keeps it in the
 * reservation session.
 */

/**
 * The session and the visitor. A guest may enter their details only where the site allows
 * booking without membership (spec §1, §6); elsewhere they are sent to log in or register.
 */
async function requireCustomerStep(
  context: Context,
): Promise<{ session: ReserveSession; member: SessionMember | null }> {
  const session = await requireReserveSession(context);
  const member = await getMember(context);
  if (!member && !getSite(context).bundle.settings.isDispNonMember)
    throw redirect(reservePath(context, "/reserve/login"));
  return { session, member };
}

/** The booked car type's seats (the passenger count's limit), null when it is no longer published. */
function carTypeCapacity(bundle: ReturnType<typeof getSite>["bundle"], session: ReserveSession): number | null {
  return bundle.catalogue.carTypes.find((c) => c.id === session.carTypeId)?.capacity ?? null;
}

/**
 * What the customer step starts with, for the page and the API's `borrower`: coming back (from the
 * confirmation, or after a reload) what this booking already holds; the first time, a member's
 * profile as the borrower (a guest starts empty), and the member's saved drivers.
 */
export async function customerStart(
  db: Db,
  siteId: string,
  input: { session: ReserveSession; memberId: number | null; today: IsoDate },
) {
  const { session, memberId } = input;
  const [profile, drivers] = memberId
    ? await Promise.all([getProfile(db, siteId, memberId).catch(() => null), listDrivers(db, siteId, memberId)])
    : [null, []];
  const values: Record<string, string> = session.borrower
    ? customerFormValues(session)
    : {
        user_type: "1",
        driver_mode: "same",
        ...(profile ? borrowerFormValues(profile) : {}),
        ...driverChoiceFormValues(session.driver),
        destination: session.destination,
        purpose: session.purpose,
        passengers: session.passengers ? String(session.passengers) : "",
      };
  return {
    values,
    prefilledFromProfile: !session.borrower && Boolean(profile),
    savedDrivers: drivers.map((d) => ({
      id: d.id,
      name: d.name,
      expires: d.licenseExpirationDate ? formatIsoDate(d.licenseExpirationDate) : null,
      expired: Boolean(d.licenseExpirationDate && licenceExpired(d.licenseExpirationDate, input.today)),
    })),
  };
}

export async function loadCustomerPage(context: Context) {
  const { session, member } = await requireCustomerStep(context);
  const { siteId, bundle, locale } = getSite(context);
  const config = await loadDriverFormConfig(context);
  const start = await customerStart(services(context).db, siteId, {
    session,
    memberId: member?.id ?? null,
    today: config.today,
  });
  const stored = session.driver?.mode === "new" ? session.driver.images.length : 0;
  return {
    summary: bookingSummary(bundle, session, locale),
    capacity: carTypeCapacity(bundle, session),
    member: Boolean(member),
    ...start,
    config,
    storedImageSlots: storedImageSlots(config, stored),
    backPath: optionsPath(context, session),
  };
}

/**
 * The form as posted: read as it streams (the licence images' limits → 413 with the form
 * refilled), the customer schema, then validate-reserve-customer. Failures answer 422 with the
 * messages by field and what was typed (files must be chosen again); success keeps everything in
 * the reservation session and goes on to the confirmation.
 */
export async function submitCustomerForm(context: Context, request: Request) {
  const { session, member } = await requireCustomerStep(context);
  const { siteId, bundle } = getSite(context);
  const { db, blobs, logger } = services(context);
  const config = await loadDriverFormConfig(context);
  const upload = await readDriverUpload(request);
  if (!upload.ok) return formFailure(upload.form, { form: upload.reason }, upload.status);

  const previous = session.driver;
  const imageSlots = storedImageSlots(config, previous?.mode === "new" ? previous.images.length : 0);
  const schema = customerSchema({
    driver: config,
    member: Boolean(member),
    storedImageSlots: imageSlots,
    capacity: carTypeCapacity(bundle, session),
  });
  const parsed = schema.safeParse(Object.fromEntries(upload.form));
  // A file that is not an image matters only when a new driver is entered.
  const newDriver = upload.form.get("driver_mode") === "new";
  const errors: Record<string, ReasonLike> = {
    ...(parsed.success ? {} : issuesToErrors(parsed.error.issues)),
    ...(newDriver ? upload.fileErrors : {}),
  };
  if (!parsed.success || Object.keys(errors).length > 0) return formFailure(upload.form, errors);

  let customer: Awaited<ReturnType<typeof validateReserveCustomer>>;
  try {
    customer = await validateReserveCustomer(db, siteId, {
      memberId: member?.id ?? null,
      input: parsed.data,
      previous,
      imageSlots: config.images.map((i) => i.slot),
      today: config.today,
      blobs,
      logger,
    });
  } catch (error) {
    if (error instanceof AppError && error.details.fieldErrors) {
      return formFailure(upload.form, error.details.fieldErrors, error.status);
    }
    throw error;
  }
  const { discardedImageKeys, ...kept } = customer;
  await saveReserveSession(context, { ...session, ...kept });
  await discardImages(blobs, discardedImageKeys, logger);
  return redirect(reservePath(context, "/reserve/confirm"));
}
