import type { VacancyDisplay } from "../../../server/availability/search-view";
import { useI18n } from "../../lib/i18n";

/** ○ / △ / × with the cars left, as the site's display settings say (spec §3 calendar settings). */
export function RemainingMark({ remaining, display }: { remaining: number; display: VacancyDisplay }) {
  const { t } = useI18n();
  const { triangle, crossMark, showCount } = display;
  const state = remaining === 0 ? "none" : remaining <= triangle ? "few" : "available";
  const symbol = state === "none" ? crossMark : state === "few" ? "△" : "○";
  const text =
    state === "none"
      ? t("remaining.none")
      : showCount || state === "few"
        ? t("remaining.few", { n: remaining })
        : t("remaining.available");
  const color =
    state === "none"
      ? "text-red-800 bg-red-50"
      : state === "few"
        ? "text-amber-900 bg-amber-50"
        : "text-green-900 bg-green-50";
  return (
    <p
      className={`inline-flex items-center gap-1 rounded px-2 py-1 text-sm font-semibold ${color}`}
      data-testid="remaining"
      data-state={state}
    >
      <span aria-hidden="true" data-testid="remaining-mark">
        {symbol}
      </span>
      <span>{text}</span>
    </p>
  );
}
