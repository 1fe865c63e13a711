import { Link } from "react-router";
import type { AdminMessageKey } from "#app/i18n/admin";
import { useAdminI18n, useAdminPath } from "#app/lib/admin";
import type { StoreToday } from "#server/counter/today-summary";
import { StaffText } from "./staff-text";

type Metric = "departures" | "returns" | "overdue" | "noCar" | "out" | "available";

/** What each number counts and the list it opens (the same rows, so the count and the list agree). */
const METRICS: {
  key: Metric;
  label: AdminMessageKey;
  hint: AdminMessageKey;
  to: (s: number, date: string) => string;
}[] = [
  {
    key: "departures",
    label: "admin.day.departures",
    hint: "admin.day.departuresHint",
    to: (s) => `/today?store=${s}#departures-${s}`,
  },
  {
    key: "returns",
    label: "admin.day.returns",
    hint: "admin.day.returnsHint",
    to: (s) => `/today?store=${s}#returns-${s}`,
  },
  {
    key: "overdue",
    label: "admin.day.overdue",
    hint: "admin.day.overdueHint",
    to: (s) => `/today?store=${s}#returns-${s}`,
  },
  {
    key: "noCar",
    label: "admin.day.noCar",
    hint: "admin.day.noCarHint",
    to: (s, d) => `/dispatch?store=${s}&date=${d}`,
  },
  { key: "out", label: "admin.day.out", hint: "admin.day.outHint", to: (s) => `/reservations?store=${s}&stage=in_use` },
  {
    key: "available",
    label: "admin.day.available",
    hint: "admin.day.availableHint",
    to: (s, d) => `/dispatch?store=${s}&date=${d}`,
  },
];

/** A number that needs someone now is coloured: overdue returns red, bookings without a car amber. */
function tone(key: Metric, value: number): string {
  if (value > 0 && key === "overdue") return "border-red-300 bg-red-50 text-red-900";
  if (value > 0 && key === "noCar") return "border-amber-300 bg-amber-50 text-amber-950";
  return "border-gray-200 bg-white text-gray-900";
}

/** One store's day as a card of numbers, each a link to the list it counts. */
export function StoreTodayCard({ day, date }: { day: StoreToday; date: string }) {
  const { t, locale } = useAdminI18n();
  const path = useAdminPath();
  const numbers = new Intl.NumberFormat(locale === "en" ? "en-GB" : "ja-JP");
  const id = day.store.id;
  return (
    <section
      className="card grid gap-3 p-4 sm:p-5"
      data-testid="store-today"
      data-store={id}
      aria-labelledby={`store-${id}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`store-${id}`} className="text-lg font-bold">
          <StaffText ja={day.store.name} en={day.store.nameEn} />
        </h2>
        <Link to={path(`/today?store=${id}`)} className="link tap text-sm" data-testid="store-today-list">
          {t("admin.day.todayList")}
        </Link>
      </div>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6">
        {METRICS.map((m) => {
          const value = day[m.key];
          return (
            <li key={m.key}>
              <Link
                to={path(m.to(id, date))}
                className={`flex h-full min-h-24 flex-col justify-between rounded-lg border p-3 no-underline hover:border-gray-500 focus-visible:outline-2 focus-visible:outline-offset-2 ${tone(m.key, value)}`}
                data-testid={`today-${m.key}`}
                data-count={value}
              >
                <span className="text-sm font-semibold">{t(m.label)}</span>
                <span className="text-3xl font-bold tabular-nums leading-tight">{numbers.format(value)}</span>
                <span className="text-xs opacity-80">{t(m.hint)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
