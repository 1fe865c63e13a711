import type { ReactNode } from "react";
import { zoneMessage } from "#app/i18n/labels";
import { useI18n } from "#app/lib/i18n";

/**
 * One line in place of the search form: store · dates and times with their zone · Change. The
 * form opens in place under it; a <details> element does that with or without JavaScript.
 */
export function SearchSummary({
  storeName,
  period,
  timeZone,
  open,
  children,
}: {
  storeName: string | null;
  period: { start: string; end: string } | null;
  timeZone: string;
  open: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const zone = zoneMessage(timeZone);
  return (
    <details className="card group" open={open} data-testid="search-summary">
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 px-4 py-2 [&::-webkit-details-marker]:hidden">
        <span className="min-w-0 flex-1">
          <span className="sr-only">{t("results.yourSearch")}: </span>
          {storeName ? <span className="block truncate text-sm font-bold">{storeName}</span> : null}
          {period ? (
            <span className="block text-sm" data-testid="summary-period">
              {t("results.period", { start: period.start, end: period.end })}{" "}
              <span className="text-gray-700">({t(zone.key, zone.params)})</span>
            </span>
          ) : null}
        </span>
        <span className="btn-secondary min-h-10 px-3 text-sm group-open:hidden" data-testid="search-change">
          {t("results.change")}
        </span>
      </summary>
      <div className="border-t border-gray-100 p-3">{children}</div>
    </details>
  );
}
