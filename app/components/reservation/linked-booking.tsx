import type { ReactNode } from "react";
import { PeriodText } from "#app/components/booking/booking-summary";
import { useYen } from "#app/components/car/price";
import { useI18n } from "#app/lib/i18n";

/** A booking as a page opened from its mail's link shows it (app/presenters/customer-cancel.server.ts). */
export interface LinkedBookingView {
  reserveNo: string;
  storeName: string;
  carTypeName: string;
  period: Parameters<typeof PeriodText>[0]["period"] | null;
  total: number;
}

/** The booking a mail's link opened: its number, store, car, period and (`withTotal`) total. */
export function LinkedBooking({
  booking,
  withTotal,
  children,
}: {
  booking: LinkedBookingView;
  withTotal?: boolean;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const yen = useYen();
  return (
    <section className="card mt-4 p-4" data-testid="reservation-detail">
      <p className="text-sm text-gray-700">{t("reserves.reserveNo")}</p>
      <p className="text-2xl font-bold tracking-wider" data-testid="reserve-no">
        {booking.reserveNo}
      </p>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-700">{t("confirm.departureStore")}</dt>
        <dd>{booking.storeName}</dd>
        <dt className="text-gray-700">{t("reserves.carType")}</dt>
        <dd>{booking.carTypeName}</dd>
        {booking.period ? (
          <>
            <dt className="text-gray-700">{t("confirm.period")}</dt>
            <dd>
              <PeriodText period={booking.period} />
            </dd>
          </>
        ) : null}
        {withTotal ? (
          <>
            <dt className="text-gray-700">{t("booking.fees.total")}</dt>
            <dd className="price font-bold">{yen(booking.total)}</dd>
          </>
        ) : null}
      </dl>
      {children}
    </section>
  );
}
