import { Link } from "react-router";
import { useYen } from "#app/components/car/price";
import { DescriptionList } from "#app/components/ui/description-list";
import type { MessageKey } from "#app/i18n/messages";
import { useI18n } from "#app/lib/i18n";
import { sitePath, useSite } from "#app/lib/site";
import type { ReservationView } from "#app/presenters/reservation.server";

const STATUS_STYLE: Record<ReservationView["status"], string> = {
  upcoming: "bg-blue-100 text-blue-900",
  in_progress: "bg-green-100 text-green-900",
  returned: "bg-gray-200 text-gray-800",
  cancelled: "bg-red-100 text-red-900",
};

export function StatusBadge({ status }: { status: ReservationView["status"] }) {
  const { t } = useI18n();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-bold ${STATUS_STYLE[status]}`}
      data-testid="reservation-status"
      data-status={status}
    >
      {t(`reserves.status.${status}` as MessageKey)}
    </span>
  );
}

export function usePayMethod() {
  const { t } = useI18n();
  return (r: Pick<ReservationView, "payMethod" | "payMethodOther">) => {
    const label = t(`reserves.pay.${r.payMethod}` as MessageKey);
    return r.payMethod === 4 && r.payMethodOther ? t("reserves.payOther", { label, text: r.payMethodOther }) : label;
  };
}

/** A date-time on one line and the store under it, so neither breaks in the middle on a phone. */
export function whenWhere(dateTime: string, store: string) {
  return (
    <>
      <span className="block whitespace-nowrap">{dateTime}</span>
      <span className="block">{store}</span>
    </>
  );
}

/** One reservation in the list: number, dates and store, class, fees, total and payment (spec §3). */
export function ReservationCard({ reservation: r }: { reservation: ReservationView }) {
  const { t } = useI18n();
  const shell = useSite();
  const yen = useYen();
  const payMethod = usePayMethod();
  return (
    <article className="card p-4" data-testid="reservation-card" data-reserve-no={r.reserveNo}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-bold">
          <span className="text-sm font-semibold text-gray-700">{t("reserves.reserveNo")} </span>
          <span data-testid="reserve-no">{r.reserveNo}</span>
        </h3>
        <StatusBadge status={r.status} />
      </header>
      <div className="mt-3">
        <DescriptionList
          rows={[
            [t("reserves.departure"), whenWhere(r.departure, r.storeName)],
            [t("reserves.return"), whenWhere(r.return, r.returnStoreName)],
            [t("reserves.class"), `${r.className} / ${r.carTypeName}`],
            [t("reserves.classFee"), yen(r.rentalFee)],
            [t("reserves.optionFee"), yen(r.optionFee)],
            [t("reserves.immunityFee"), yen(r.immunityFee)],
            [t("reserves.payMethod"), payMethod(r)],
          ]}
        />
      </div>
      <p className="mt-3 flex items-baseline justify-between border-t border-gray-200 pt-3">
        <span className="font-semibold">{t("reserves.total")}</span>
        <span className="price text-xl font-bold" data-testid="reservation-total">
          {yen(r.totalFee)}
        </span>
      </p>
      <Link
        to={sitePath(shell, `/mypage/reserves/${r.id}`)}
        className="btn-secondary mt-3 w-full"
        data-testid="reservation-detail-link"
      >
        {t("reserves.detailLink")}
      </Link>
    </article>
  );
}
