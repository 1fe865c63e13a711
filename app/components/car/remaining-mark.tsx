import { useI18n } from "#app/lib/i18n";
import type { VacancyDisplay, VacancyMark } from "#server/availability/vacancy";

const STATE: Record<VacancyMark, "none" | "few" | "available"> = {
  cross: "none",
  triangle: "few",
  circle: "available",
};
/** ○ / △ / × with the cars left, as the site's display settings say (spec §3 calendar settings). */
export function RemainingMark({
  remaining,
  mark,
  display,
}: {
  remaining: number;
  mark: VacancyMark;
  display: Pick<VacancyDisplay, "crossMark" | "showCount">;
}) {
  const { t } = useI18n();
  const symbol = mark === "cross" ? display.crossMark : mark === "triangle" ? "△" : "○";
  const text =
    mark === "cross"
      ? t("remaining.none")
      : display.showCount || mark === "triangle"
        ? t("remaining.few", { n: remaining })
        : t("remaining.available");
  return (
    <p className="remaining" data-testid="remaining" data-state={STATE[mark]}>
      <span aria-hidden="true" data-testid="remaining-mark">
        {symbol}
      </span>
      <span>{text}</span>
    </p>
  );
}
