import { Link } from "react-router";
import { CancelStep } from "#app/components/admin/cancel-section";
import { AssignForm, DepartureForm, failureOf } from "#app/components/admin/counter-forms";
import { AdminSection } from "#app/components/admin/page";
import type { PageSection } from "#app/components/admin/reservation-summary";
import { ReturnSection } from "#app/components/admin/return-forms";
import { useAdminI18n } from "#app/lib/admin";
import type { ReservationData as Data } from "./data";
import { RentalRecord } from "./rental-record";

/** The page's sections in the order they stand; the tasks come only when the booking's state allows them. */
export function pageSections(d: Data, booked: boolean, returning: boolean): PageSection[] {
  return [
    ...(booked
      ? ([
          { id: "departure", label: "admin.resPage.navDeparture" },
          { id: "change", label: "admin.resPage.navChange" },
          ...(d.cancel ? [{ id: "cancel", label: "admin.resPage.navCancel" }] : []),
        ] as PageSection[])
      : []),
    ...(returning ? ([{ id: "return", label: "admin.resPage.navReturn" }] as PageSection[]) : []),
    ...(d.reservation.departedAt ? ([{ id: "record", label: "admin.resPage.navRecord" }] as PageSection[]) : []),
    { id: "details", label: "admin.resPage.navDetails" },
    // The certificate is printed at the departure: one tap from the top on a phone.
    ...(d.reservation.status === "confirmed"
      ? ([{ id: "paperwork", label: "admin.paperwork.title" }] as PageSection[])
      : []),
    { id: "payments", label: "admin.resPage.navPayments" },
    { id: "mails", label: "admin.resPage.navMails" },
    { id: "history", label: "admin.resPage.navHistory" },
  ];
}

/** The work on the left: the tasks the state allows, and the rental's record. */
export function ReservationWork({
  data: d,
  actionData,
  here,
  booked,
  returning,
  confirmingCancel,
}: {
  data: Data;
  actionData: unknown;
  here: string;
  booked: boolean;
  returning: boolean;
  confirmingCancel: boolean;
}) {
  const { t } = useAdminI18n();
  const r = d.reservation;
  return (
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
  );
}
