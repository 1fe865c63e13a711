import type { AdminMessageKey } from "#app/i18n/admin";
import { useAdminI18n } from "#app/lib/admin";
import type { RentalStage } from "#common/counter";
import { formatDateTime, formatYen } from "#common/format";

/** The counter's shared pieces (issue 24): a booking's stage as a badge, a time in its store's zone, yen. */

const STAGE_STYLE: Record<RentalStage, string> = {
  booked: "bg-blue-100 text-blue-900",
  in_use: "bg-green-100 text-green-900",
  returned: "bg-gray-200 text-gray-900",
  cancelled: "bg-red-100 text-red-900",
};

export const STAGE_LABEL: Record<RentalStage, AdminMessageKey> = {
  booked: "admin.stage.booked",
  in_use: "admin.stage.in_use",
  returned: "admin.stage.returned",
  cancelled: "admin.stage.cancelled",
};

export function StageBadge({ stage }: { stage: RentalStage }) {
  const { t } = useAdminI18n();
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 text-sm font-semibold whitespace-nowrap ${STAGE_STYLE[stage]}`}
      data-testid="stage"
      data-stage={stage}
    >
      {t(STAGE_LABEL[stage])}
    </span>
  );
}

/** `2026/12/04 11:00`, read in the store's time zone. */
export function StoreTime({ at, timeZone }: { at: Date | string; timeZone: string }) {
  const date = new Date(at);
  return (
    <time dateTime={date.toISOString()} className="whitespace-nowrap tabular-nums">
      {formatDateTime(date, timeZone)}
    </time>
  );
}

export function Yen({ amount }: { amount: number }) {
  const { locale } = useAdminI18n();
  return <span className="tabular-nums whitespace-nowrap">{formatYen(amount, locale)}</span>;
}
