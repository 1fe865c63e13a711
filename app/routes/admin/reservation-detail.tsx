import type { ReactNode } from "react";
import { Link } from "react-router";
import { type AdminLocale, adminPath } from "../../../common/admin";
import { itemsOf, netOf } from "../../../common/ledger";
import { cancelAtCounter } from "../../../server/counter/cancellation";
import { confirmCancellation, previewCancellation, tokenFromForm } from "../../../server/counter/cancellation-preview";
import { AssignSchema, DepartureSchema, StaffCancelSchema } from "../../../server/counter/counter.schema";
import { type RetryOutcome, RetryPaymentSchema, retryable, retryPayment } from "../../../server/counter/payment-retry";
import { assignVehicle, carsFor, recordDeparture, resendConfirmation } from "../../../server/counter/rental";
import { findReservation, getReservationDetail } from "../../../server/counter/reservations";
import { authorize, can } from "../../../server/staff/permissions";
import { BookingChannel } from "../../components/admin/booking-channel";
import { CancelConfirmPanel, CancelStep } from "../../components/admin/cancel-section";
import { StoreTime, Yen } from "../../components/admin/counter";
import {
  AssignForm,
  CheckSheetSummary,
  DepartureForm,
  FUEL_LABEL,
  failureOf,
} from "../../components/admin/counter-forms";
import { AdminPageHeader, AdminSection } from "../../components/admin/page";
import { PaperworkLinks } from "../../components/admin/paperwork-links";
import {
  ReservationAuditTrail,
  ReservationMails,
  ReservationPayments,
} from "../../components/admin/reservation-history";
import { ReservationReceipts } from "../../components/admin/reservation-receipts";
import {
  Facts,
  type PageSection,
  Person,
  ReservationSectionNav,
  ReservationSummary,
  SummaryAction,
} from "../../components/admin/reservation-summary";
import { cardReasonKey, ExtraLines, ReturnSection } from "../../components/admin/return-forms";
import { revalidateOnStale } from "../../components/reservation/cancel-rule";
import { ADMIN_CATALOGUES } from "../../i18n/admin";
import type { MessageKey } from "../../i18n/messages";
import { translateKey } from "../../i18n/translate";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath } from "../../lib/admin";
import { type AdminFlash, adminLocaleOf, redirectWithAdminFlash, requireStaffAccess } from "../../lib/admin.server";
import { formFailure, handleForm, handleIntent } from "../../lib/form-action.server";
import { formObject } from "../../lib/forms";
import { useI18n } from "../../lib/i18n";
import { publicOrigin } from "../../lib/seo.server";
import { composeBookingMails } from "../../presenters/booking-mail.server";
import { staffCancelView } from "../../presenters/cancel-confirm.server";
import { dateTimeFields, reservationView } from "../../presenters/counter.server";
import { composeCancellationMails, composeSettledMails } from "../../presenters/operation-mail.server";
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

type Data = Route.ComponentProps["loaderData"];

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
  // The page's sections in the order they stand; the tasks come only when the booking's state allows them.
  const sections: PageSection[] = [
    ...(booked
      ? ([
          { id: "departure", label: "admin.resPage.navDeparture" },
          { id: "change", label: "admin.resPage.navChange" },
          ...(d.cancel ? [{ id: "cancel", label: "admin.resPage.navCancel" }] : []),
        ] as PageSection[])
      : []),
    ...(returning ? ([{ id: "return", label: "admin.resPage.navReturn" }] as PageSection[]) : []),
    ...(r.departedAt ? ([{ id: "record", label: "admin.resPage.navRecord" }] as PageSection[]) : []),
    { id: "details", label: "admin.resPage.navDetails" },
    // The certificate is printed at the departure: one tap from the top on a phone.
    ...(r.status === "confirmed" ? ([{ id: "paperwork", label: "admin.paperwork.title" }] as PageSection[]) : []),
    { id: "payments", label: "admin.resPage.navPayments" },
    { id: "mails", label: "admin.resPage.navMails" },
    { id: "history", label: "admin.resPage.navHistory" },
  ];
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
            <div className="grid min-w-0 gap-4">
              {booked ? (
                <>
                  <div id="departure" className="grid scroll-mt-20 gap-4">
                    <AdminSection title={t("admin.counter.assignTitle")} testId="assign" id="assign">
                      <AssignForm cars={d.cars} current={r.vehicleId} failure={failureOf(actionData, "assign")} />
                    </AdminSection>
                    <AdminSection title={t("admin.counter.departureTitle")} testId="departure">
                      <DepartureForm
                        cars={d.cars}
                        current={r.vehicleId}
                        now={d.now}
                        failure={failureOf(actionData, "depart")}
                      />
                    </AdminSection>
                  </div>
                  <AdminSection title={t("admin.resPage.changeTitle")} testId="change" id="change">
                    <p className="text-sm text-gray-700">{t("admin.resPage.changeLead")}</p>
                    <p>
                      <Link className="btn-secondary" to={`${here}/change`} data-testid="change-link">
                        {t("admin.change.open")}
                      </Link>
                    </p>
                  </AdminSection>
                  {d.cancel && !confirmingCancel ? (
                    <div id="cancel" className="scroll-mt-20">
                      <CancelStep view={d.cancel} confirmHref={`${here}?cancel=confirm`} />
                    </div>
                  ) : null}
                </>
              ) : null}
              {returning ? (
                <AdminSection title={t("admin.counter.returnTitle")} testId="return" id="return">
                  <ReturnSection to={`${here}/return`} returned={d.stage === "returned"} />
                </AdminSection>
              ) : null}
              {r.departedAt ? <RentalRecord data={d} /> : null}
            </div>
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

/** The summary's actions: only those the booking's state allows (none on a cancelled booking). */
function StateActions({ data: d, here }: { data: Data; here: string }) {
  const { t } = useAdminI18n();
  if (d.stage === "cancelled") return <p className="text-sm text-gray-700">{t("admin.resPage.noActionCancelled")}</p>;
  if (!d.canWork) return <p className="text-sm text-gray-700">{t("admin.resPage.noActionReadOnly")}</p>;
  if (d.stage === "booked")
    return (
      <>
        {d.vehicle ? null : (
          <SummaryAction to="#assign" testId="action-assign">
            {t("admin.resPage.toAssign")}
          </SummaryAction>
        )}
        <SummaryAction to="#departure" primary testId="action-departure">
          {t("admin.resPage.toDeparture")}
        </SummaryAction>
        <SummaryAction to={`${here}/change`} testId="action-change">
          {t("admin.change.open")}
        </SummaryAction>
        {d.cancel ? (
          <SummaryAction to="#cancel" testId="action-cancel">
            {t("admin.resPage.toCancel")}
          </SummaryAction>
        ) : null}
      </>
    );
  if (d.stage === "in_use")
    return (
      <SummaryAction to={`${here}/return`} primary testId="action-return">
        {t("admin.resPage.toReturn")}
      </SummaryAction>
    );
  return (
    <>
      <p className="text-sm text-gray-700">{t("admin.resPage.noActionReturned")}</p>
      <SummaryAction to={`${here}/return`} testId="action-settlement">
        {t("admin.resPage.toSettlement")}
      </SummaryAction>
    </>
  );
}

/** What was booked: the store, the dates, the car, the options and what the customer wrote. */
function BookingFacts({ data: d }: { data: Data }) {
  const { t } = useAdminI18n();
  const r = d.reservation;
  const when = (at: Date | null) => (at ? <StoreTime at={at} timeZone={d.store.timeZone} /> : "");
  return (
    <AdminSection title={t("admin.reservation.booking")} testId="booking-facts" id="details">
      <Facts
        rows={[
          [t("admin.reservations.store"), d.store.name],
          [t("admin.reservations.departure"), when(r.startAt)],
          [t("admin.reservations.return"), when(r.endAt)],
          [t("admin.reservations.carType"), `${d.carType.name}（${d.carType.className}）`],
          [
            t("admin.counter.car"),
            d.vehicle ? (
              <span key="v1" data-testid="assigned-car">
                {d.vehicle.registrationNumber}
              </span>
            ) : (
              <span key="v2" className="font-semibold text-red-800" data-testid="no-car">
                {t("admin.counter.noCarYet")}
              </span>
            ),
          ],
          [
            t("admin.reservation.options"),
            r.options
              .filter((o) => o.quantity > 0)
              .map((o) => `${o.name.ja ?? Object.values(o.name)[0] ?? ""} × ${o.quantity}`)
              .join("、"),
          ],
          [t("admin.reservation.passengers"), r.passengers ?? ""],
          [t("admin.reservation.destination"), r.destination],
          [t("admin.reservation.purpose"), r.purpose],
          [
            t("admin.reservation.remarks"),
            r.remarks ? (
              <span key="v3" className="whitespace-pre-wrap">
                {r.remarks}
              </span>
            ) : (
              ""
            ),
          ],
          [t("admin.reservation.language"), d.language],
          [
            t("admin.reservation.member"),
            d.member ? `${d.member.name}（${d.member.email ?? ""}）` : t("admin.reservation.guest"),
          ],
          [t("admin.reservation.created"), when(r.createdAt)],
          [t("admin.reservation.channel"), <BookingChannel key="ch" booking={r} takenBy={d.takenBy} />],
        ]}
      />
    </AdminSection>
  );
}

/** The fees as booked, how they are paid, and what the return or a cancellation added. */
function Fees({ data: d }: { data: Data }) {
  const { t } = useAdminI18n();
  const { t: siteT } = useI18n();
  const r = d.reservation;
  const payMethod = siteT(`reserves.pay.${r.payMethod}` as MessageKey);
  return (
    <div className="grid gap-3" data-testid="booking-fees">
      <Facts
        rows={[
          [t("admin.reservation.rentalFee"), <Yen key="r" amount={r.rentalFee} />],
          [t("admin.reservation.optionFee"), <Yen key="o" amount={r.optionFee} />],
          [t("admin.reservation.immunityFee"), <Yen key="i" amount={r.immunityFee} />],
          [
            t("admin.reservations.total"),
            <strong key="t" data-testid="reservation-total">
              <Yen amount={r.totalFee} />
            </strong>,
          ],
          [t("admin.reservation.payMethod"), r.payMethodOther ? `${payMethod}（${r.payMethodOther}）` : payMethod],
          [t("admin.reservation.paymentStatus"), r.paymentStatus ? t(`admin.payment.${r.paymentStatus}`) : ""],
          ...(r.extraFee > 0
            ? ([
                [
                  t("admin.counter.extras"),
                  <span key="e" data-testid="extra-fee">
                    <Yen amount={r.extraFee} />
                  </span>,
                ],
              ] as [string, ReactNode][])
            : []),
          ...(r.status === "cancelled"
            ? ([
                [
                  t("admin.counter.cancelFee"),
                  <span key="c" data-testid="cancellation-fee">
                    <Yen amount={r.cancellationFee} />
                  </span>,
                ],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
      <ExtraLines lines={r.extras} />
    </div>
  );
}

/** The departure's and the return's record: times, meters, fuel, the check sheets and notes. */
function RentalRecord({ data: d }: { data: Data }) {
  const { t } = useAdminI18n();
  const r = d.reservation;
  const when = (at: Date | null) => (at ? <StoreTime at={at} timeZone={d.store.timeZone} /> : "");
  const km = (n: number | null) => (n === null ? "" : `${n.toLocaleString("ja-JP")} km`);
  return (
    <AdminSection title={t("admin.counter.recordTitle")} testId="rental-record" id="record">
      <Facts
        rows={[
          [t("admin.counter.departedAt"), when(r.departedAt)],
          [t("admin.counter.departureMeter"), km(r.departureMileage)],
          [t("admin.counter.departureFuel"), r.departureFuel === null ? "" : FUEL_LABEL(r.departureFuel)],
          [t("admin.counter.departureCheck"), <CheckSheetSummary key="dc" sheet={r.departureCheck} />],
          [t("admin.counter.notes"), r.departureNotes],
          ...(r.returnedAt
            ? ([
                [t("admin.counter.returnedAt"), when(r.returnedAt)],
                [t("admin.counter.returnMeter"), km(r.returnMileage)],
                [
                  t("admin.counter.distance"),
                  d.distanceKm === null ? (
                    ""
                  ) : (
                    <span key="v4" data-testid="distance">
                      {km(d.distanceKm)}
                    </span>
                  ),
                ],
                [t("admin.counter.returnFuel"), r.returnFuel === null ? "" : FUEL_LABEL(r.returnFuel)],
                [t("admin.counter.returnCheck"), <CheckSheetSummary key="rc" sheet={r.returnCheck} />],
                [t("admin.counter.damage"), r.returnNotes],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
    </AdminSection>
  );
}
