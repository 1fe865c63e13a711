import type { ReactNode } from "react";
import { BookingChannel } from "#app/components/admin/booking-channel";
import { StoreTime, Yen } from "#app/components/admin/counter";
import { AdminSection } from "#app/components/admin/page";
import { Facts } from "#app/components/admin/reservation-summary";
import { ExtraLines } from "#app/components/admin/return-forms";
import type { MessageKey } from "#app/i18n/messages";
import { useAdminI18n } from "#app/lib/admin";
import { useI18n } from "#app/lib/i18n";
import type { ReservationData as Data } from "./data";

/** What was booked: the store, the dates, the car, the options and what the customer wrote. */
export function BookingFacts({ data: d }: { data: Data }) {
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
export function Fees({ data: d }: { data: Data }) {
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
