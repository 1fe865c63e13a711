import type { ReactNode } from "react";
import { useYen } from "#app/components/car/price";
import { zoneMessage } from "#app/i18n/labels";
import { useI18n } from "#app/lib/i18n";
import type { Fees } from "#server/reservations/reserve-session";

/** The booking flow's parts shared by its steps (options, login, customer, confirmation). */

const STEPS = [
  "booking.step.options",
  "booking.step.customer",
  "booking.step.confirm",
  "booking.step.completed",
] as const;

/** Where the visitor is in the booking: options → customer → confirm → done. */
export function BookingSteps({ current }: { current: 0 | 1 | 2 | 3 }) {
  const { t } = useI18n();
  return (
    <ol
      aria-label={t("booking.step.label")}
      className="grid grid-cols-4 gap-1 text-center text-xs sm:text-sm"
      data-testid="booking-steps"
    >
      {STEPS.map((key, i) => (
        <li
          key={key}
          aria-current={i === current ? "step" : undefined}
          className={`rounded-md border px-1 py-1.5 font-semibold ${
            i === current ? "border-gray-900 bg-gray-900 text-white" : "border-gray-300 bg-white text-gray-800"
          }`}
        >
          <span aria-hidden="true">{i + 1}. </span>
          {t(key)}
          {i === current ? <span className="sr-only">{t("booking.step.current")}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** Departure – return, with the store's time zone named on the line below. */
export function PeriodText({ period }: { period: { start: string; end: string; timeZone: string } }) {
  const { t } = useI18n();
  const zone = zoneMessage(period.timeZone);
  return (
    <>
      {t("results.period", { start: period.start, end: period.end })}{" "}
      <span className="block text-gray-700">{t(zone.key, zone.params)}</span>
    </>
  );
}

/** The car, store and period of the booking, with the total when one was shown already. */
export function BookingSummary({
  summary,
  action,
}: {
  summary: {
    storeName: string;
    className: string;
    carName: string;
    period: { start: string; end: string; timeZone: string };
    total?: number | null;
  };
  /** A link to change the choice, shown at the top right. */
  action?: ReactNode;
}) {
  const { t } = useI18n();
  const yen = useYen();
  return (
    <section aria-labelledby="booking-summary-heading" className="card p-4" data-testid="booking-summary">
      <div className="flex items-start justify-between gap-3">
        <h2 id="booking-summary-heading" className="text-sm font-bold text-gray-700">
          {t("booking.summary.title")}
        </h2>
        {action}
      </div>
      <p className="mt-1 text-sm text-gray-700" data-testid="summary-class-store">
        {summary.className} · {summary.storeName}
      </p>
      <p className="text-lg font-bold" data-testid="summary-car">
        {summary.carName}
      </p>
      <p className="mt-1 text-sm" data-testid="summary-period">
        <span className="sr-only">{t("booking.summary.period")}: </span>
        <PeriodText period={summary.period} />
      </p>
      {summary.total != null ? (
        <p className="mt-2 flex items-baseline justify-between gap-3 border-t border-gray-100 pt-2">
          <span className="text-sm text-gray-700">{t("booking.fees.total")}</span>
          <span className="price text-lg font-bold" data-testid="summary-total" data-amount={summary.total}>
            {yen(summary.total)}
          </span>
        </p>
      ) : null}
    </section>
  );
}

/** Rental fee, option fee, waiver and total, tax included (spec §2 confirmation; §1 money). */
export function FeeBreakdown({ fees, rentalDays, busy }: { fees: Fees; rentalDays: number; busy?: boolean }) {
  const { t, tp } = useI18n();
  const yen = useYen();
  const rows: [string, string, number][] = [
    ["fee-rent", t("booking.fees.rent"), fees.rentCarFee],
    ["fee-options", t("booking.fees.options"), fees.optionFee],
    ["fee-immunity", t("booking.fees.immunity"), fees.immunityFee],
  ];
  return (
    <section
      aria-labelledby="fees-heading"
      aria-busy={busy || undefined}
      className="card p-4"
      data-testid="fee-breakdown"
    >
      <h2 id="fees-heading" className="font-bold">
        {t("booking.fees.heading")}
      </h2>
      <p className="text-sm text-gray-700">{tp("booking.fees.days", rentalDays)}</p>
      <dl className={`mt-2 grid gap-1 ${busy ? "opacity-60" : ""}`}>
        {rows.map(([id, label, amount]) => (
          <div key={id} className="flex items-baseline justify-between gap-3">
            <dt>{label}</dt>
            <dd className="price text-right" data-testid={id} data-amount={amount}>
              {yen(amount)}
            </dd>
          </div>
        ))}
        <div className="mt-1 flex items-baseline justify-between gap-3 border-t border-gray-200 pt-2">
          <dt className="font-bold">{t("booking.fees.total")}</dt>
          <dd className="price text-right text-lg font-bold" data-testid="fee-total" data-amount={fees.total}>
            {yen(fees.total)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-gray-700">{t("booking.fees.taxNote")}</p>
    </section>
  );
}
