import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { adminPath } from "../../../common/admin";
import { zonedInstant } from "../../../common/calendar-date";
import { formatDateTime } from "../../../common/format";
import { cancelAtCounter, proposedFee } from "../../../server/counter/cancellation";
import { AssignSchema, DepartureSchema, ReturnSchema, StaffCancelSchema } from "../../../server/counter/counter.schema";
import {
  assignVehicle,
  carsFor,
  lateCharge,
  recordDeparture,
  recordReturn,
  resendConfirmation,
  returnExtras,
} from "../../../server/counter/rental";
import { getReservationDetail } from "../../../server/counter/reservations";
import { can } from "../../../server/staff/permissions";
import { StageBadge, StoreTime, Yen } from "../../components/admin/counter";
import {
  AssignForm,
  CancelForm,
  CheckSheetSummary,
  DepartureForm,
  FUEL_LABEL,
  failureOf,
  ReturnForm,
} from "../../components/admin/counter-forms";
import { AdminPageHeader, AdminSection, SubmitButton } from "../../components/admin/page";
import { CsrfField } from "../../components/csrf-field";
import type { MessageKey } from "../../i18n/messages";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath } from "../../lib/admin";
import { actorOf, adminLocaleOf, getAdminSite, redirectWithAdminFlash, requireStaff } from "../../lib/admin.server";
import { formFailure, handleForm, handleIntent } from "../../lib/form-action.server";
import { formObject } from "../../lib/forms";
import { useI18n } from "../../lib/i18n";
import { publicOrigin } from "../../lib/seo.server";
import { services } from "../../lib/site.server";
import { composeBookingMails, composeCancellationMails } from "../../presenters/booking-mail.server";
import { dateTimeFields, reservationView } from "../../presenters/counter.server";
import type { Route } from "./+types/reservation-detail";

/**
 * `/reservations/:reserveNo`: one booking whole (what the customer entered, its car, payments and
 * refunds, the mails sent, the audit trail) and the counter's work on it, each a form of its own:
 * giving a car, the departure, the return with its charges, a cancellation, the confirmation again.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const actor = actorOf(staff);
  const { siteId, bundle } = getAdminSite(context);
  const { db } = services(context);
  const detail = await getReservationDetail(db, siteId, actor, params.reserveNo);
  const r = detail.reservation;
  const now = new Date();
  const [cars, fee] = await Promise.all([
    carsFor(db, siteId, r),
    detail.stage === "booked" ? proposedFee(db, siteId, r, now) : Promise.resolve(null),
  ]);
  const late = detail.stage === "in_use" ? lateCharge(bundle, r, now) : null;
  return {
    ...reservationView(detail, adminLocaleOf(context) ?? "ja"),
    cars,
    fee,
    late,
    now: dateTimeFields(now, detail.store.timeZone),
    canWork: can(actor, "store.reservations", r.storeId),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const actor = actorOf(staff);
  const { siteId, bundle } = getAdminSite(context);
  const { db, mailer, payments } = services(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const reserveNo = params.reserveNo;
  const here = adminPath(siteId, `/reservations/${encodeURIComponent(reserveNo)}`);
  const done = (
    key:
      | "admin.counter.assigned"
      | "admin.counter.departed"
      | "admin.counter.returned"
      | "admin.counter.cancelled"
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
    case "return":
      return handleForm(form, ReturnSchema, async (input) => {
        await recordReturn(db, siteId, actor, reserveNo, input, bundle);
        return done("admin.counter.returned");
      });
    case "preview-return": {
      // The charges for the time typed, without saving: the form comes back as sent, with them.
      const parsed = ReturnSchema.safeParse(formObject(form));
      const detail = await getReservationDetail(db, siteId, actor, reserveNo);
      const extras = parsed.success
        ? returnExtras(
            lateCharge(
              bundle,
              detail.reservation,
              zonedInstant(parsed.data.returned_date, parsed.data.returned_time, detail.store.timeZone),
            ),
            parsed.data,
          )
        : null;
      const failure = formFailure(form, {}, 200);
      return { ...failure.data, values: { ...failure.data.values, intent: "return" }, extras };
    }
    case "cancel":
      return handleForm(form, StaffCancelSchema, async (input) => {
        await cancelAtCounter(db, siteId, actor, reserveNo, input, {
          payments,
          mailer,
          mails: composeCancellationMails(bundle),
        });
        return done("admin.counter.cancelled");
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
              <a key="v0" href={`tel:${person.tel.replace(/[^\d+]/g, "")}`} className="link">
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
  const previewed = (actionData as { extras?: { kind: string; label: string; amount: number }[] | null } | undefined)
    ?.extras;
  const extrasShown =
    previewed ??
    (d.late && d.late.total > 0 ? [{ kind: "late", label: String(d.late.lateHours), amount: d.late.total }] : []);
  const extraLine = (line: { kind: string; label: string; amount: number }) =>
    line.kind === "late"
      ? t("admin.counter.extraLate", { hours: line.label })
      : line.kind === "fuel"
        ? t("admin.counter.extraFuel")
        : line.label || t("admin.counter.extraOther");
  const payMethod = siteT(`reserves.pay.${r.payMethod}` as MessageKey);
  return (
    <>
      <AdminPageHeader
        title={pageTitle(t, loaderData)}
        back={path("/reservations")}
        actions={<StageBadge stage={d.stage} />}
      />
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
          {r.extras.length ? (
            <ul className="grid gap-1 text-sm" data-testid="extras">
              {r.extras.map((line) => (
                <li key={`${line.kind}-${line.label}`} className="flex justify-between gap-3">
                  <span>{extraLine(line)}</span>
                  <Yen amount={line.amount} />
                </li>
              ))}
            </ul>
          ) : null}
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
          <AdminSection title={t("admin.counter.cancelTitle")} testId="cancel">
            {d.fee ? (
              <p className="text-sm text-gray-700" data-testid="proposed-fee">
                {t("admin.counter.proposedFee", { days: d.fee.daysBefore, percent: d.fee.percent })}
              </p>
            ) : null}
            <CancelForm fee={d.fee?.fee ?? 0} failure={failureOf(actionData, "cancel")} />
          </AdminSection>
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

      {d.canWork && d.stage === "in_use" ? (
        <div className="mt-4">
          <AdminSection title={t("admin.counter.returnTitle")} testId="return">
            <ReturnForm
              now={d.now}
              meter={r.departureMileage}
              failure={failureOf(actionData, "return")}
              preview={
                <div
                  className="rounded-md border border-amber-300 bg-amber-50 p-3"
                  data-testid="return-charges"
                  aria-live="polite"
                >
                  <p className="text-sm font-semibold">{t("admin.counter.chargesTitle")}</p>
                  {extrasShown.length ? (
                    <ul className="mt-1 grid gap-1 text-sm">
                      {extrasShown.map((line) => (
                        <li
                          key={`${line.kind}-${line.label}`}
                          className="flex justify-between gap-3"
                          data-testid="charge-line"
                          data-kind={line.kind}
                        >
                          <span>{extraLine(line)}</span>
                          <Yen amount={line.amount} />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-1 text-sm">{t("admin.counter.noCharges")}</p>
                  )}
                  <p className="mt-1 text-sm text-gray-700">{t("admin.counter.chargesHint")}</p>
                </div>
              }
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

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <AdminSection title={t("admin.reservation.payments")} testId="payments">
          {r.paymentId || d.payments.length ? (
            <ul className="grid gap-2 text-sm">
              {r.paymentId ? (
                <li className="flex flex-wrap justify-between gap-2">
                  <span>
                    {t("admin.payment.charge")}（{t(`admin.payment.${r.paymentStatus ?? "pending"}`)}）
                  </span>
                  <Yen amount={r.totalFee} />
                </li>
              ) : null}
              {d.payments.map((p) => (
                <li
                  key={p.id}
                  className="flex flex-wrap justify-between gap-2"
                  data-testid="payment-entry"
                  data-kind={p.kind}
                  data-status={p.status}
                >
                  <span>
                    {t(p.kind === "refund" ? "admin.payment.refund" : "admin.payment.charge")}（
                    {t(p.status === "succeeded" ? "admin.payment.done" : "admin.payment.failed")}）{" "}
                    <StoreTime at={p.createdAt} timeZone={tz} />
                  </span>
                  <Yen amount={p.amount} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-700">{t("admin.reservation.noPayments")}</p>
          )}
        </AdminSection>
        <AdminSection title={t("admin.reservation.mails")} testId="mails">
          {d.mails.length ? (
            <ul className="grid gap-2 text-sm">
              {d.mails.map((m) => (
                <li key={m.id} data-testid="mail-entry" data-kind={m.kind}>
                  <StoreTime at={m.createdAt} timeZone={tz} /> {m.subject}
                  <span className="block text-gray-700">{m.toAddress}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-700">{t("admin.reservation.noMails")}</p>
          )}
          {d.canWork && r.status === "confirmed" && r.borrower?.email ? (
            <Form method="post">
              <CsrfField />
              <SubmitButton intent="resend" testId="resend">
                {t("admin.counter.resend")}
              </SubmitButton>
            </Form>
          ) : null}
        </AdminSection>
      </div>

      <div className="mt-4">
        <AdminSection title={t("admin.reservation.audit")} testId="audit-trail">
          {d.audit.length ? (
            <ol className="grid gap-2 text-sm">
              {d.audit.map((a) => (
                <li key={a.id} data-testid="audit-entry" data-action={a.action}>
                  <span className="tabular-nums">{formatDateTime(new Date(a.at), tz)}</span> {a.actor}: {a.action}
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-gray-700">{t("admin.reservation.noAudit")}</p>
          )}
        </AdminSection>
      </div>
    </>
  );
}
