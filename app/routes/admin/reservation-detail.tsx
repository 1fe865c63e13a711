import type { ReactNode } from "react";
import { Link } from "react-router";
import { type AdminLocale, adminPath } from "../../../common/admin";
import { itemsOf } from "../../../common/ledger";
import { telHref } from "../../../common/tel";
import { cancelAtCounter } from "../../../server/counter/cancellation";
import { confirmCancellation, previewCancellation, tokenFromForm } from "../../../server/counter/cancellation-preview";
import { AssignSchema, DepartureSchema, StaffCancelSchema } from "../../../server/counter/counter.schema";
import { type RetryOutcome, RetryPaymentSchema, retryable, retryPayment } from "../../../server/counter/payment-retry";
import { assignVehicle, carsFor, recordDeparture, resendConfirmation } from "../../../server/counter/rental";
import { findReservation, getReservationDetail } from "../../../server/counter/reservations";
import { authorize, can } from "../../../server/staff/permissions";
import { BookingChannel } from "../../components/admin/booking-channel";
import { CancelConfirmPanel, CancelStep } from "../../components/admin/cancel-section";
import { StageBadge, StoreTime, Yen } from "../../components/admin/counter";
import {
  AssignForm,
  CheckSheetSummary,
  DepartureForm,
  FUEL_LABEL,
  failureOf,
} from "../../components/admin/counter-forms";
import { AdminPageHeader, AdminSection } from "../../components/admin/page";
import { PaperworkLinks } from "../../components/admin/paperwork-links";
import { ReservationHistory } from "../../components/admin/reservation-history";
import { ReservationReceipts } from "../../components/admin/reservation-receipts";
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

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-gray-700">{label}</dt>
          <dd className="mb-2 sm:mb-0">{value === "" || value === null || value === undefined ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Person({ person, title, testId }: { person: Data["borrower"]; title: string; testId: string }) {
  const { t } = useAdminI18n();
  if (!person) return null;
  return (
    <AdminSection title={title} testId={testId}>
      <Facts
        rows={[
          [t("admin.counter.name"), person.kana ? `${person.name}（${person.kana}）` : person.name],
          ...(person.company ? ([[t("admin.counter.company"), person.company]] as [string, ReactNode][]) : []),
          [
            t("admin.counter.tel"),
            person.tel ? (
              <a key="v0" href={telHref(person.tel)} className="link">
                {person.tel}
              </a>
            ) : (
              ""
            ),
          ],
          [t("admin.counter.email"), person.email],
          [t("admin.counter.address"), person.address],
          ...(person.licenseNumber
            ? ([[t("admin.counter.license"), person.licenseNumber]] as [string, ReactNode][])
            : []),
          ...(person.birthdate ? ([[t("admin.counter.birthdate"), person.birthdate]] as [string, ReactNode][]) : []),
        ]}
      />
    </AdminSection>
  );
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return t("admin.reservation.title", { reserveNo: data.reservation.reserveNo });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminReservationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const { t: siteT } = useI18n();
  const path = useAdminPath();
  const d = loaderData;
  const r = d.reservation;
  const tz = d.store.timeZone;
  const when = (at: Date | null) => (at ? <StoreTime at={at} timeZone={tz} /> : "");
  const payMethod = siteT(`reserves.pay.${r.payMethod}` as MessageKey);
  const confirmingCancel = d.canWork && (d.confirmingCancel || failureOf(actionData, "cancel") !== null);
  return (
    <>
      <AdminPageHeader
        title={pageTitle(t, loaderData)}
        back={path("/reservations")}
        actions={<StageBadge stage={d.stage} />}
      />
      {confirmingCancel && d.cancel ? (
        <CancelConfirmPanel
          view={d.cancel}
          failure={failureOf(actionData, "cancel")}
          back={path(`/reservations/${encodeURIComponent(r.reserveNo)}`)}
        />
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <AdminSection title={t("admin.reservation.booking")} testId="booking-facts">
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
        <AdminSection title={t("admin.reservation.fees")} testId="booking-fees">
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
        </AdminSection>
        <Person person={d.borrower} title={t("admin.reservation.borrower")} testId="borrower" />
        <Person person={d.driver} title={t("admin.reservation.driver")} testId="driver" />
      </div>

      {d.canWork && d.stage === "booked" ? (
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <AdminSection title={t("admin.counter.assignTitle")} testId="assign">
            <AssignForm cars={d.cars} current={r.vehicleId} failure={failureOf(actionData, "assign")} />
            <p className="mt-4 border-t border-gray-200 pt-4">
              <Link
                className="btn-secondary"
                to={path(`/reservations/${encodeURIComponent(r.reserveNo)}/change`)}
                data-testid="change-link"
              >
                {t("admin.change.open")}
              </Link>
            </p>
          </AdminSection>
          {d.cancel && !confirmingCancel ? (
            <CancelStep
              view={d.cancel}
              confirmHref={`${path(`/reservations/${encodeURIComponent(r.reserveNo)}`)}?cancel=confirm`}
            />
          ) : null}
          <div className="lg:col-span-2">
            <AdminSection title={t("admin.counter.departureTitle")} testId="departure">
              <DepartureForm
                cars={d.cars}
                current={r.vehicleId}
                now={d.now}
                failure={failureOf(actionData, "depart")}
              />
            </AdminSection>
          </div>
        </div>
      ) : null}

      {d.canWork && (d.stage === "in_use" || d.stage === "returned") ? (
        <div className="mt-4">
          <AdminSection title={t("admin.counter.returnTitle")} testId="return">
            <ReturnSection
              to={path(`/reservations/${encodeURIComponent(r.reserveNo)}/return`)}
              returned={d.stage === "returned"}
            />
          </AdminSection>
        </div>
      ) : null}

      {r.departedAt ? (
        <div className="mt-4">
          <AdminSection title={t("admin.counter.recordTitle")} testId="rental-record">
            <Facts
              rows={[
                [t("admin.counter.departedAt"), when(r.departedAt)],
                [
                  t("admin.counter.departureMeter"),
                  r.departureMileage === null ? "" : `${r.departureMileage.toLocaleString("ja-JP")} km`,
                ],
                [t("admin.counter.departureFuel"), r.departureFuel === null ? "" : FUEL_LABEL(r.departureFuel)],
                [t("admin.counter.departureCheck"), <CheckSheetSummary key="dc" sheet={r.departureCheck} />],
                [t("admin.counter.notes"), r.departureNotes],
                ...(r.returnedAt
                  ? ([
                      [t("admin.counter.returnedAt"), when(r.returnedAt)],
                      [
                        t("admin.counter.returnMeter"),
                        r.returnMileage === null ? "" : `${r.returnMileage.toLocaleString("ja-JP")} km`,
                      ],
                      [
                        t("admin.counter.distance"),
                        d.distanceKm === null ? (
                          ""
                        ) : (
                          <span key="v4" data-testid="distance">{`${d.distanceKm.toLocaleString("ja-JP")} km`}</span>
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
        </div>
      ) : null}

      <PaperworkLinks reservation={r} />
      <ReservationReceipts reserveNo={r.reserveNo} payments={d.payments} timeZone={tz} />
      <ReservationHistory
        reservation={r}
        payments={d.payments}
        mails={d.mails}
        audit={d.audit}
        timeZone={tz}
        canWork={d.canWork}
        retryable={d.retryable}
      />
    </>
  );
}
