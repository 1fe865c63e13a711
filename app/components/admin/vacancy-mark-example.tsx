import { useAdminI18n } from "#app/lib/admin";

/**
 * ○ △ × as the public calendar draws them (its `cal-day` cells), for the vacancy settings as they
 * are typed: the △ threshold, the "no car" mark and whether the number of cars left shows.
 */
export function VacancyMarkExample({
  triangle,
  crossMark,
  showCount,
}: {
  triangle: string;
  crossMark: string;
  showCount: boolean;
}) {
  const { t } = useAdminI18n();
  const n = /^\d{1,2}$/.test(triangle.trim()) ? Number(triangle.trim()) : null;
  const cells: { mark: "circle" | "triangle" | "cross"; symbol: string; cars: number; text: string }[] = [];
  if (n !== null) {
    cells.push({ mark: "circle", symbol: "○", cars: n + 1, text: t("admin.settings.exampleCircle", { n: n + 1 }) });
    if (n > 0) {
      cells.push({
        mark: "triangle",
        symbol: "△",
        cars: n,
        text: n === 1 ? t("admin.settings.exampleTriangleOne") : t("admin.settings.exampleTriangle", { n }),
      });
    }
  }
  cells.push({ mark: "cross", symbol: crossMark || "×", cars: 0, text: t("admin.settings.exampleCross") });
  return (
    <figure className="grid gap-2" data-testid="vacancy-example">
      <figcaption className="text-sm font-semibold text-gray-800">{t("admin.settings.example")}</figcaption>
      <ul className="flex flex-wrap gap-3">
        {cells.map((c) => (
          <li key={c.mark} className="flex items-center gap-2" data-testid={`example-${c.mark}`}>
            <span
              className="cal-day inline-block w-12 rounded bg-white text-center"
              data-mark={c.mark}
              aria-hidden="true"
            >
              <span className="cal-mark">{c.symbol}</span>
              {showCount && c.cars > 0 ? <span className="cal-count">{c.cars}</span> : null}
            </span>
            <span className="text-sm">{c.text}</span>
          </li>
        ))}
      </ul>
      {n === 0 ? <p className="text-sm text-gray-700">{t("admin.settings.exampleNoTriangle")}</p> : null}
    </figure>
  );
}
