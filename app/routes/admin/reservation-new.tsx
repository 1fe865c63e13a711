import { data } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page";
import { type PhoneAnswer, PhoneBookingForm } from "#app/components/admin/phone-booking-form";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { adminLocaleOf, forbidden, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { counterBookingDeps, newIdempotencyKey } from "#app/lib/booking.server";
import { formFailure, handleForm } from "#app/lib/form-action.server";
import { formObject } from "#app/lib/forms";
import { phoneChoices, phoneQuoteAnswer } from "#app/presenters/phone-booking.server";
import { adminPath } from "#common/admin";
import { addDays, localDate } from "#common/calendar-date";
import { carTypeChoices } from "#server/catalog/car-types";
import { counterStores } from "#server/counter/boards";
import { optionChoicesOf, PhoneBookingSchema } from "#server/counter/counter.schema";
import { bookAtCounter } from "#server/counter/phone-booking";
import { AppError } from "#server/errors";
import { siteTimeZone } from "#server/sites/site-bundle";
import { can } from "#server/staff/permissions";
import type { Route } from "./+types/reservation-new";

/**
 * `/reservations/new`: a booking taken by phone or at the counter (issues 24 and 37). The staff member
 * enters the car, the period, the options and the customer; the total follows live (the quote route),
 * or through `intent=quote` without JavaScript; then books (`intent=book`) through the public site's
 * submit: the same price, capacity guard and idempotency, recorded as taken by phone or in person and
 * by whom. Payment is taken at the store or through a mailed card link.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const [stores, carTypes] = await Promise.all([counterStores(db, siteId, actor), carTypeChoices(db, siteId, actor)]);
  const workable = stores.filter((s) => can(actor, "store.reservations", s.id));
  if (!workable.length) throw forbidden();
  const tomorrow = addDays(localDate(new Date(), siteTimeZone(bundle)), 1);
  const { defaultStartTime, defaultEndTime } = bundle.settings;
  return {
    stores: workable,
    carTypes,
    choices: phoneChoices(bundle, adminLocaleOf(context) ?? "ja"),
    defaults: {
      store_id: String(workable[0]?.id ?? ""),
      start_date: tomorrow,
      start_time: defaultStartTime,
      end_date: tomorrow,
      end_time: defaultEndTime,
      counter_contact: "phone",
      locale: "ja",
      pay_method: "2",
      with_immunity: "1",
      idempotency_key: newIdempotencyKey(),
    } as Record<string, string>,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const form = await request.formData();
  if (form.get("intent") === "book") {
    return handleForm(form, PhoneBookingSchema, async (input) => {
      const options = optionChoicesOf(formObject(form));
      const deps = counterBookingDeps(context, request);
      const answer = await bookAtCounter(db, siteId, actor, { ...input, options }, bundle, deps, new Date());
      if (answer.outcome === "refused") throw new AppError("rejected", { reason: answer.reason });
      if (answer.outcome !== "completed") throw new AppError("rejected", { reason: { code: "submit_failed" } });
      return redirectWithAdminFlash(
        request,
        adminPath(siteId, `/reservations/${encodeURIComponent(answer.reserveNo)}`),
        { kind: "success", key: "admin.phone.booked", params: { reserveNo: answer.reserveNo } },
      );
    });
  }
  // "Recalculate": the live quote's answer, as a page (without JavaScript).
  const answer = await phoneQuoteAnswer(db, siteId, actor, form, bundle, adminLocaleOf(context) ?? "ja");
  const status = answer.quote ? 200 : 422;
  return data({ ...formFailure(form, answer.errors, status).data, quote: answer.quote }, { status });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.phone.title"));

export default function AdminReservationNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  return (
    <>
      <AdminPageHeader title={t("admin.phone.title")} lead={t("admin.phone.lead")} back={path("/reservations")} />
      <PhoneBookingForm
        data={loaderData}
        answer={actionData as PhoneAnswer | undefined}
        quoteUrl={path("/reservations/new/quote")}
      />
    </>
  );
}
