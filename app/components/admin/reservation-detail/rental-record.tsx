import type { ReactNode } from "react";
import { StoreTime } from "#app/components/admin/counter";
import { CheckSheetSummary, FUEL_LABEL } from "#app/components/admin/counter-forms";
import { AdminSection } from "#app/components/admin/page";
import { Facts } from "#app/components/admin/reservation-summary";
import { useAdminI18n } from "#app/lib/admin";
import type { ReservationData as Data } from "./data";

/** The departure's and the return's record: times, meters, fuel, the check sheets and notes. */
export function RentalRecord({ data: d }: { data: Data }) {
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
