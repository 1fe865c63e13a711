import { CancelConfirmPanel } from "#app/components/admin/cancel-section";
import { failureOf } from "#app/components/admin/counter-forms";
import { AdminPageHeader } from "#app/components/admin/page";
import { PaperworkLinks } from "#app/components/admin/paperwork-links";
import { BookingFacts, Fees } from "#app/components/admin/reservation-detail/booking-facts";
import { StateActions } from "#app/components/admin/reservation-detail/state-actions";
import { pageSections, ReservationWork } from "#app/components/admin/reservation-detail/work";
import {
  ReservationAuditTrail,
  ReservationMails,
  ReservationPayments,
} from "#app/components/admin/reservation-history";
import { ReservationReceipts } from "#app/components/admin/reservation-receipts";
import { Person, ReservationSectionNav, ReservationSummary } from "#app/components/admin/reservation-summary";
import { cardReasonKey } from "#app/components/admin/return-forms";
import { revalidateOnStale } from "#app/components/reservation/cancel-rule";
import { ADMIN_CATALOGUES } from "#app/i18n/admin";
import { translateKey } from "#app/i18n/translate";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { type AdminFlash, adminLocaleOf, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { formFailure, handleForm, handleIntent } from "#app/lib/form-action.server";
import { formObject } from "#app/lib/forms";
import { publicOrigin } from "#app/lib/seo.server";
import { composeBookingMails } from "#app/presenters/booking-mail.server";
import { staffCancelView } from "#app/presenters/cancel-confirm.server";
import { dateTimeFields, reservationView } from "#app/presenters/counter.server";
import { composeCancellationMails, composeSettledMails } from "#app/presenters/operation-mail.server";
import { type AdminLocale, adminPath } from "#common/admin";
import { itemsOf, netOf } from "#common/ledger";
import { cancelAtCounter } from "#server/counter/cancellation";
import { confirmCancellation, previewCancellation, tokenFromForm } from "#server/counter/cancellation-preview";
import { AssignSchema, DepartureSchema, StaffCancelSchema } from "#server/counter/counter.schema";
import { type RetryOutcome, RetryPaymentSchema, retryable, retryPayment } from "#server/counter/payment-retry";
import { assignVehicle, carsFor, recordDeparture, resendConfirmation } from "#server/counter/rental";
import { findReservation, getReservationDetail } from "#server/counter/reservations";
import { authorize, can } from "#server/staff/permissions";
import type { Route } from "./+types/reservation-detail";

/**
 * `/reservations/:reserveNo`: one booking whole (what the customer entered, its car, payments and
 * refunds, the mails sent, the audit trail) and the counter's work on it, each a form of its own:
 * giving a car, the departure, the return with its charges, a cancellation, the confirmation again.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const detail = await getReservationDetail(db, siteId, actor, params.reserveNo);
  const r = detail.reservation;
  const now = new Date();
  const [cars, preview] = await Promise.all([
    carsFor(db, siteId, r),
    detail.stage === "booked" ? previewCancellation(db, siteId, { reservation: r, now }) : Promise.resolve(null),
  ]);
  const canWork = can(actor, "store.reservations", r.storeId);
  return {
    ...reservationView(detail, adminLocaleOf(context) ?? "ja"),
    cars,
    cancel: preview ? staffCancelView(preview, detail.store.timeZone) : null,
    // `?cancel=confirm`: the cancellation's confirmation step (issue 37).
    confirmingCancel: canWork && preview !== null && new URL(request.url).searchParams.get("cancel") === "confirm",
    now: dateTimeFields(now, detail.store.timeZone),
    canWork,
    // Failed card refunds and charges staff may send again (issue 37).
    retryable: canWork
      ? itemsOf(detail.payments)
          .filter((i, _, all) => retryable(all, i))
          .map((i) => i.attempt.id)
      : [],
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const {
    actor,
    siteId,
    bundle,
    db,
    services: { mailer, payments },
  } = requireStaffAccess(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  const reserveNo = params.reserveNo;
  const here = adminPath(siteId, `/reservations/${encodeURIComponent(reserveNo)}`);
  const done = (
    key:
      | "admin.counter.assigned"
      | "admin.counter.departed"
      | "admin.counter.cancelled"
      | "admin.cancelConfirm.already"
      | "admin.counter.resent",
  ) => redirectWithAdminFlash(request, here, { kind: "success", key });
  switch (intent) {
    case "assign":
      return handleForm(form, AssignSchema, async (input) => {
        await assignVehicle(db, siteId, actor, reserveNo, input);
        return done("admin.counter.assigned");
      });
    case "depart":
      return handleForm(form, DepartureSchema, async (input) => {
        await recordDeparture(db, siteId, actor, reserveNo, input);
        return done("admin.counter.departed");
      });
    case "cancel-preview":
      // Without JavaScript, the refund of the fee typed: the confirmation comes back as sent.
      return handleForm(form, StaffCancelSchema, async () => {
        const failure = formFailure(form, {}, 200);
        return { ...failure.data, values: { ...failure.data.values, intent: "cancel" } };
      });
    case "cancel":
      // The confirmation's button: refused as stale when the booking or the policy's fee moved since it was shown.
      return handleForm(form, StaffCancelSchema, async (input) => {
        const r = await findReservation(db, siteId, actor, reserveNo);
        authorize(actor, "store.reservations", r.storeId);
        const now = new Date();
        const token = tokenFromForm(formObject(form));
        const confirmed = await confirmCancellation(db, siteId, { reservation: r, token, now, fee: input.fee });
        await cancelAtCounter(
          db,
          siteId,
          actor,
          reserveNo,
          input,
          { payments, mailer, mails: composeCancellationMails(bundle) },
          now,
        );
        return done(
          confirmed.state === "already_cancelled" ? "admin.cancelConfirm.already" : "admin.counter.cancelled",
        );
      });
    case "retry-payment":
      return handleForm(form, RetryPaymentSchema, async (input) => {
        const deps = { payments, mailer, mails: composeSettledMails(bundle) };
        const outcome = await retryPayment(db, siteId, actor, reserveNo, input, deps);
        return redirectWithAdminFlash(request, here, retryFlash(outcome, adminLocaleOf(context) ?? "ja"));
      });
    case "resend":
      return handleIntent(form, async () => {
        const compose = composeBookingMails(bundle, publicOrigin(request, context));
        await resendConfirmation(db, siteId, actor, reserveNo, { mailer, mail: (r) => compose(r).borrower });
        return done("admin.counter.resent");
      });
    default:
      return formFailure(form, { form: { code: "invalid_input" } });
  }
}

/** What the retry did, from its outcome: moved (and mailed), refused again and why, or still open. */
function retryFlash(outcome: RetryOutcome, locale: AdminLocale): AdminFlash {
  if (outcome.status === "succeeded")
    return { kind: "success", key: `admin.payment.retry.${outcome.kind}Succeeded`, params: { amount: outcome.amount } };
  if (outcome.status === "open") return { kind: "danger", key: "admin.payment.retry.open" };
  const reason = translateKey(ADMIN_CATALOGUES[locale], cardReasonKey(outcome.reason));
  return { kind: "danger", key: "admin.payment.retry.failed", params: { reason } };
}

export const shouldRevalidate = revalidateOnStale;

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return t("admin.reservation.title", { reserveNo: data.reservation.reserveNo });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminReservationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const d = loaderData;
  const r = d.reservation;
  const tz = d.store.timeZone;
  const here = path(`/reservations/${encodeURIComponent(r.reserveNo)}`);
  const confirmingCancel = d.canWork && (d.confirmingCancel || failureOf(actionData, "cancel") !== null);
  const booked = d.canWork && d.stage === "booked";
  const returning = d.canWork && (d.stage === "in_use" || d.stage === "returned");
  const sections = pageSections(d, booked, returning);
  const hasWork = booked || returning || r.departedAt !== null;
  const owed = r.status === "cancelled" ? r.cancellationFee : r.totalFee + r.extraFee;
  return (
    <>
      <AdminPageHeader title={pageTitle(t, loaderData)} back={path("/reservations")} />
      {confirmingCancel && d.cancel ? (
        <CancelConfirmPanel view={d.cancel} failure={failureOf(actionData, "cancel")} back={here} />
      ) : null}
      <div className="grid gap-4">
        <ReservationSummary
          facts={{
            stage: d.stage,
            customer: d.borrower ? { name: d.borrower.name, tel: d.borrower.tel } : null,
            carType: d.carType.name,
            plate: d.vehicle?.registrationNumber ?? null,
            startAt: r.startAt,
            endAt: r.endAt,
            timeZone: tz,
            owed,
            received: netOf(itemsOf(d.payments)),
          }}
          actions={<StateActions data={d} here={here} />}
        />
        <ReservationSectionNav sections={sections} />
        <div className={`grid items-start gap-4 ${hasWork ? "lg:grid-cols-2" : ""}`}>
          {/* The work on the left: the tasks the state allows, and the rental's record. */}
          {hasWork ? (
            <ReservationWork
              data={d}
              actionData={actionData}
              here={here}
              booked={booked}
              returning={returning}
              confirmingCancel={confirmingCancel}
            />
          ) : null}
          {/* What was booked, the money, the mails, the people and the history, on the right. */}
          <div className="grid min-w-0 gap-4">
            <BookingFacts data={d} />
            <PaperworkLinks reservation={r} />
            <ReservationPayments payments={d.payments} timeZone={tz} retryable={d.retryable}>
              <Fees data={d} />
            </ReservationPayments>
            <ReservationReceipts reserveNo={r.reserveNo} payments={d.payments} timeZone={tz} />
            <ReservationMails reservation={r} mails={d.mails} timeZone={tz} canWork={d.canWork} />
            <Person person={d.borrower} title={t("admin.reservation.borrower")} testId="borrower" />
            <Person person={d.driver} title={t("admin.reservation.driver")} testId="driver" />
            <ReservationAuditTrail audit={d.audit} timeZone={tz} />
          </div>
        </div>
      </div>
    </>
  );
}
