import { Link } from "react-router";
import { useAdminI18n } from "#app/lib/admin";
import { addDays } from "#common/calendar-date";
import { formatTime } from "#common/format";
import type { BoardBooking, DispatchBoard } from "#server/counter/boards";
import { StaffText } from "./staff-text";

/**
 * The dispatch board on a phone: the window's days one under another, each with its departures
 * and returns in time order, the car (or that it has none yet) and the renter. A booking opens the
 * move form, as a bar on the grid does.
 */

interface Event {
  kind: "departs" | "returns";
  at: Date;
  booking: BoardBooking;
}

/** `YYYY-MM-DD` of an instant in a time zone. */
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

export function DispatchDayList({
  board,
  days,
  today,
  selected,
  linkTo,
}: {
  board: DispatchBoard;
  days: string[];
  today: string;
  selected: string | null;
  linkTo: (reserveNo: string) => string;
}) {
  const { t, locale } = useAdminI18n();
  const tz = board.store.timeZone;
  const plate = new Map(board.vehicles.map((v) => [v.id, v.registrationNumber]));
  const byDay = new Map<string, Event[]>(days.map((d) => [d, []]));
  for (const booking of board.bookings) {
    for (const [kind, at] of [
      ["departs", new Date(booking.startAt)],
      ["returns", new Date(booking.endAt)],
    ] as const) {
      byDay.get(dayIn(at, tz))?.push({ kind, at, booking });
    }
  }
  const weekday = new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : "en-GB", {
    timeZone: "UTC",
    month: "numeric",
    day: "numeric",
    weekday: "short",
  });
  return (
    <section aria-label={t("admin.dispatch.dayList")} data-testid="dispatch-day-list">
      <ol className="grid gap-3">
        {days.map((day) => {
          const events = (byDay.get(day) ?? []).sort((a, b) => a.at.getTime() - b.at.getTime());
          return (
            <li key={day} className="card overflow-hidden" data-testid="dispatch-day-item" data-day={day}>
              <h2
                className={`flex items-center justify-between border-b border-gray-200 px-3 py-2 text-base font-bold ${
                  day === today ? "bg-amber-100" : "bg-gray-50"
                }`}
              >
                <span>{weekday.format(new Date(`${day}T00:00:00Z`))}</span>
                {day === today ? <span className="text-sm font-semibold">{t("admin.today.today")}</span> : null}
              </h2>
              {events.length === 0 ? (
                <p className="px-3 py-2 text-sm text-gray-700">{t("admin.dispatch.nothingToday")}</p>
              ) : (
                <ul className="divide-y divide-gray-200">
                  {events.map(({ kind, at, booking }) => (
                    <li key={`${kind}-${booking.id}`}>
                      <Link
                        to={linkTo(booking.reserveNo)}
                        className={`grid grid-cols-[4.5rem_1fr] gap-x-2 px-3 py-2 no-underline hover:bg-gray-50 ${
                          booking.reserveNo === selected ? "bg-amber-50" : ""
                        }`}
                        aria-current={booking.reserveNo === selected || undefined}
                        data-testid="dispatch-event"
                        data-kind={kind}
                        data-reserve-no={booking.reserveNo}
                      >
                        <span className="row-span-2 tabular-nums">
                          <span className="block text-lg font-bold text-gray-900">{formatTime(at, tz)}</span>
                          <span
                            className={`block text-xs font-semibold ${kind === "departs" ? "text-blue-800" : "text-green-800"}`}
                          >
                            {t(kind === "departs" ? "admin.dispatch.departs" : "admin.dispatch.returns")}
                          </span>
                        </span>
                        <span className="flex flex-wrap items-center gap-x-2 font-semibold text-gray-900">
                          {booking.vehicleId !== null ? (
                            <span className="tabular-nums">{plate.get(booking.vehicleId)}</span>
                          ) : (
                            <span className="text-amber-900">{t("admin.dispatch.noCarYet")}</span>
                          )}
                          <span className="text-sm font-normal text-gray-700">
                            <StaffText ja={booking.carTypeName} en={booking.carTypeNameEn} />
                          </span>
                        </span>
                        <span className="flex flex-wrap items-center gap-x-2 text-sm text-gray-800">
                          <span className="tabular-nums">{booking.reserveNo}</span>
                          <span>{booking.borrowerName}</span>
                          {booking.overdue ? (
                            <span className="rounded bg-red-700 px-1.5 text-xs font-semibold text-white">
                              {t("admin.today.overdue")}
                            </span>
                          ) : null}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export const windowDays = (from: string, count: number) => Array.from({ length: count }, (_, i) => addDays(from, i));
