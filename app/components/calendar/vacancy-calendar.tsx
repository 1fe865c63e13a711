import { Link } from "react-router";
import { CALENDAR_MARK_LABEL, WEEKDAY_SHORT_LABEL } from "#app/i18n/labels";
import { useI18n } from "#app/lib/i18n";
import type { CalendarDay, CalendarMark, CalendarMonth } from "#server/availability/calendar-month";
import type { VacancyDisplay } from "#server/availability/vacancy";

const SYMBOL: Record<CalendarMark, string> = {
  circle: "○",
  triangle: "△",
  cross: "×",
  tel: "☎",
  closed: "",
  past: "–",
};

function MonthLink(props: { month: string | null; href: (month: string) => string; testId: string; label: string }) {
  if (!props.month) return <span />;
  return (
    <Link
      to={props.href(props.month)}
      className="btn-secondary min-h-11 px-3 text-sm"
      preventScrollReset
      data-testid={props.testId}
    >
      {props.label}
    </Link>
  );
}

/** A month of vacancy marks as a table; month links keep the page's other query values. */
export function VacancyCalendar({
  calendar,
  display,
  monthHref,
}: {
  calendar: CalendarMonth;
  display: Pick<VacancyDisplay, "crossMark" | "showCount">;
  monthHref: (month: string) => string;
}) {
  const { t } = useI18n();
  const [year, month] = calendar.month.split("-").map(Number) as [number, number];
  const cells: (CalendarDay | null)[] = [...Array<null>(calendar.offset).fill(null), ...calendar.days];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  const symbol = (mark: CalendarMark) =>
    mark === "cross" ? display.crossMark : mark === "closed" ? t("calendar.closedShort") : SYMBOL[mark];
  const title = t("calendar.month", { year, month });

  return (
    <section
      className="rounded-lg bg-white p-4 shadow-sm"
      data-testid="vacancy-calendar"
      aria-label={`${t("calendar.title")} ${title}`}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <MonthLink
          month={calendar.prevMonth}
          href={monthHref}
          testId="calendar-prev"
          label={`← ${t("calendar.prev")}`}
        />
        <h3 className="font-bold" data-testid="calendar-month">
          {title}
        </h3>
        <MonthLink
          month={calendar.nextMonth}
          href={monthHref}
          testId="calendar-next"
          label={`${t("calendar.next")} →`}
        />
      </div>
      <table className="w-full table-fixed border-collapse text-center text-sm">
        <caption className="sr-only">{`${t("calendar.title")} ${title}`}</caption>
        <thead>
          <tr>
            {[0, 1, 2, 3, 4, 5, 6].map((d) => (
              <th key={d} scope="col" className={`py-1 ${d === 0 ? "text-red-800" : d === 6 ? "text-blue-900" : ""}`}>
                {t(WEEKDAY_SHORT_LABEL[d] ?? "label.unknown")}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)?.date}>
              {week.map((day, i) =>
                day ? (
                  <td
                    key={day.date}
                    className={day.highSeason ? "cal-day cal-high" : "cal-day"}
                    data-date={day.date}
                    data-mark={day.mark}
                    data-testid="calendar-day"
                  >
                    <span className="cal-date">{Number(day.date.slice(8))}</span>
                    <span aria-hidden="true" className="cal-mark">
                      {symbol(day.mark)}
                    </span>
                    {display.showCount && day.remaining !== null && day.remaining > 0 ? (
                      <span aria-hidden="true" className="cal-count">
                        {day.remaining}
                      </span>
                    ) : null}
                    <span className="sr-only">
                      {t(CALENDAR_MARK_LABEL[day.mark])}
                      {day.remaining ? ` ${t("calendar.remaining", { n: day.remaining })}` : ""}
                      {day.highSeason ? ` ${t("calendar.highSeason")}` : ""}
                    </span>
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: empty cells have only a position
                  <td key={`blank-${i}`} className="cal-blank" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-800" aria-label={t("calendar.legend")}>
        {(["circle", "triangle", "cross", "tel", "closed"] as const).map((m) => (
          <li key={m}>
            <span aria-hidden="true" className="mr-1 font-bold">
              {symbol(m)}
            </span>
            {t(CALENDAR_MARK_LABEL[m])}
          </li>
        ))}
        <li>
          <span
            aria-hidden="true"
            className="mr-1 inline-block h-3 w-3 align-middle outline outline-1 outline-amber-500"
          />
          {t("calendar.highSeason")}
        </li>
      </ul>
    </section>
  );
}
