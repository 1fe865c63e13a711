import { type DragEvent, useState } from "react";
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import { addDays, localDate } from "../../../common/calendar-date";
import { formatDateTime } from "../../../common/format";
import { type BoardBooking, counterStores, dispatchBoard } from "../../../server/counter/boards";
import { AssignSchema, dispatchFilter } from "../../../server/counter/counter.schema";
import { assignVehicle } from "../../../server/counter/rental";
import { siteTimeZone } from "../../../server/sites/site-bundle";
import { can } from "../../../server/staff/permissions";
import { StageBadge } from "../../components/admin/counter";
import { AdminErrorSummary, AdminInput, AdminSelect } from "../../components/admin/fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "../../components/admin/page";
import { CsrfField, useCsrfToken } from "../../components/csrf-field";
import { adminMeta, useAdminI18n, useAdminPath } from "../../lib/admin";
import { redirectWithAdminFlash, requireStaffAccess } from "../../lib/admin.server";
import { type FormFailure, formFailure, handleForm } from "../../lib/form-action.server";
import type { Route } from "./+types/dispatch";

/**
 * `/dispatch?store=&date=&days=7|14`: the dispatch board (配車表). A store's cars down the side, the
 * days across, each booking a bar on its car's row, the bookings with no car in a lane of their own.
 * A booking is moved to a car by choosing it (a link, so the keyboard and a phone work, with or
 * without JavaScript) and picking the car below the board, or by dragging its bar onto the car's row.
 * The database's exclusion constraint decides: a car already taken is refused with the booking
 * that has it, and nothing changes.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const now = new Date();
  const url = new URL(request.url);
  const today = localDate(now, siteTimeZone(bundle));
  const filter = dispatchFilter(url.searchParams, today);
  const stores = await counterStores(db, siteId, actor);
  const storeId = filter.storeId ?? stores[0]?.id ?? null;
  const board = storeId ? await dispatchBoard(db, siteId, actor, { ...filter, storeId }, now) : null;
  return {
    stores,
    filter: { ...filter, storeId },
    today,
    board,
    selected: url.searchParams.get("selected"),
    canMove: storeId !== null && can(actor, "store.reservations", storeId),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const form = await request.formData();
  const reserveNo = String(form.get("reserve_no") ?? "");
  if (!reserveNo) return formFailure(form, { form: { code: "invalid_input" } });
  return handleForm(form, AssignSchema, async (input) => {
    await assignVehicle(db, siteId, actor, reserveNo, input);
    const back = new URL(request.url);
    back.searchParams.delete("selected");
    return redirectWithAdminFlash(request, `${back.pathname}${back.search}`, {
      kind: "success",
      key: "admin.counter.assigned",
    });
  });
}

type Board = NonNullable<Route.ComponentProps["loaderData"]["board"]>;

/** Bookings of one lane on as few tracks as never overlap (the lane with no car holds many at once). */
function stack(bookings: BoardBooking[]): { booking: BoardBooking; track: number }[] {
  const ends: number[] = [];
  return [...bookings]
    .sort((a, b) => new Date(a.startAt).getTime() - new Date(b.startAt).getTime())
    .map((booking) => {
      const start = new Date(booking.startAt).getTime();
      let track = ends.findIndex((end) => end <= start);
      if (track < 0) track = ends.length;
      ends[track] = new Date(booking.blockedUntil).getTime();
      return { booking, track };
    });
}

const TRACK_REM = 2.75;

/** Where a bar starts and how wide it is, as shares of the board's span. */
function span(board: Board, b: BoardBooking) {
  const from = new Date(board.from).getTime();
  const total = new Date(board.until).getTime() - from;
  const start = Math.max(0, new Date(b.startAt).getTime() - from);
  const end = Math.min(total, new Date(b.blockedUntil).getTime() - from);
  return { left: `${(start / total) * 100}%`, width: `${Math.max(((end - start) / total) * 100, 1.5)}%` };
}

function Bar({
  board,
  booking,
  track,
  selected,
  link,
  draggable,
}: {
  board: Board;
  booking: BoardBooking;
  track: number;
  selected: boolean;
  link: string;
  draggable: boolean;
}) {
  const { t } = useAdminI18n();
  const tz = board.store.timeZone;
  const label = t("admin.dispatch.bar", {
    reserveNo: booking.reserveNo,
    name: booking.borrowerName,
    from: formatDateTime(new Date(booking.startAt), tz),
    until: formatDateTime(new Date(booking.endAt), tz),
  });
  return (
    <Link
      to={link}
      preventScrollReset
      draggable={draggable}
      onDragStart={(e: DragEvent) => e.dataTransfer.setData("text/plain", booking.reserveNo)}
      className={`absolute flex h-9 items-center overflow-hidden rounded px-1.5 text-xs font-semibold whitespace-nowrap no-underline shadow-sm ${
        booking.overdue
          ? "bg-red-700 text-white"
          : booking.stage === "in_use"
            ? "bg-green-700 text-white"
            : "bg-blue-800 text-white"
      } ${selected ? "ring-4 ring-amber-400" : ""}`}
      style={{ ...span(board, booking), top: `${track * TRACK_REM + 0.25}rem` }}
      aria-label={label}
      aria-current={selected || undefined}
      title={label}
      data-testid="dispatch-bar"
      data-reserve-no={booking.reserveNo}
    >
      {booking.reserveNo} {booking.borrowerName}
    </Link>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.dispatch.title"));

export default function AdminDispatch({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const [params] = useSearchParams();
  const fetcher = useFetcher<FormFailure>();
  const [over, setOver] = useState<number | null>(null);
  // A drop posts without a form: the token goes first, as every form sends it.
  const csrf = useCsrfToken() ?? "";
  const { board, filter, selected, canMove } = loaderData;
  const failure = (fetcher.data ?? actionData) as FormFailure | undefined;
  const linkWith = (changes: Record<string, string | null>) => {
    const q = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) q.delete(k);
      else q.set(k, v);
    }
    return `${path("/dispatch")}?${q}`;
  };
  const days = board ? Array.from({ length: filter.days }, (_, i) => addDays(filter.date, i)) : [];
  const chosen = board?.bookings.find((b) => b.reserveNo === selected) ?? null;
  // The bookings still to be given a car come first: that lane is the day's work.
  const lanes = board
    ? [
        { key: "none", vehicle: null, bookings: stack(board.bookings.filter((b) => b.vehicleId === null)) },
        ...board.vehicles.map((v) => ({
          key: String(v.id),
          vehicle: v,
          bookings: stack(board.bookings.filter((b) => b.vehicleId === v.id)),
        })),
      ]
    : [];
  const drop = (vehicleId: number | null) => (e: DragEvent) => {
    e.preventDefault();
    setOver(null);
    const reserveNo = e.dataTransfer.getData("text/plain");
    if (!reserveNo || !canMove) return;
    fetcher.submit(
      { _csrf: csrf, reserve_no: reserveNo, vehicle_id: vehicleId === null ? "" : String(vehicleId) },
      { method: "post" },
    );
  };
  return (
    <>
      <AdminPageHeader title={t("admin.dispatch.title")} lead={t("admin.dispatch.lead")} />
      <Form
        method="get"
        className="card mb-4 grid items-end gap-3 p-4 sm:grid-cols-[1fr_1fr_1fr_auto]"
        role="search"
        aria-label={t("admin.dispatch.filter")}
      >
        <AdminSelect
          name="store"
          label={t("admin.reservations.store")}
          errors={{}}
          defaultValue={filter.storeId ? String(filter.storeId) : ""}
          options={loaderData.stores.map((s) => ({ value: String(s.id), label: s.name }))}
        />
        <AdminInput name="date" type="date" label={t("admin.dispatch.from")} errors={{}} defaultValue={filter.date} />
        <AdminSelect
          name="days"
          label={t("admin.dispatch.days")}
          errors={{}}
          defaultValue={String(filter.days)}
          options={[
            { value: "7", label: t("admin.dispatch.days7") },
            { value: "14", label: t("admin.dispatch.days14") },
          ]}
        />
        <button type="submit" className="btn-secondary">
          {t("admin.today.show")}
        </button>
      </Form>
      {failure?.errors ? <AdminErrorSummary errors={failure.errors} /> : null}
      {!board ? (
        <p className="card p-5">{t("admin.dispatch.noStore")}</p>
      ) : (
        <>
          <nav className="mb-3 flex flex-wrap gap-3" aria-label={t("admin.today.days")}>
            <Link
              to={linkWith({ date: addDays(filter.date, -filter.days), selected: null })}
              className="btn-secondary"
              rel="prev"
            >
              {t("admin.dispatch.earlier")}
            </Link>
            <Link to={linkWith({ date: loaderData.today, selected: null })} className="btn-secondary">
              {t("admin.today.today")}
            </Link>
            <Link
              to={linkWith({ date: addDays(filter.date, filter.days), selected: null })}
              className="btn-secondary"
              rel="next"
            >
              {t("admin.dispatch.later")}
            </Link>
          </nav>
          {chosen ? (
            <div className="mb-4">
              <AdminSection title={t("admin.dispatch.moveTitle", { reserveNo: chosen.reserveNo })} testId="move-panel">
                <p className="flex flex-wrap items-center gap-2">
                  <StageBadge stage={chosen.stage} /> {chosen.borrowerName} ・ {chosen.carTypeName}
                  <Link to={path(`/reservations/${encodeURIComponent(chosen.reserveNo)}`)} className="link tap">
                    {t("admin.dispatch.open")}
                  </Link>
                </p>
                {canMove && chosen.stage === "booked" ? (
                  <Form method="post" className="grid items-end gap-3 sm:grid-cols-[1fr_auto]" data-testid="move-form">
                    <CsrfField />
                    <input type="hidden" name="reserve_no" value={chosen.reserveNo} />
                    <AdminSelect
                      name="vehicle_id"
                      label={t("admin.dispatch.moveTo")}
                      errors={failure?.errors ?? {}}
                      defaultValue={chosen.vehicleId ? String(chosen.vehicleId) : ""}
                      options={[
                        { value: "", label: t("admin.counter.noCar") },
                        ...board.vehicles
                          .filter((v) => v.carTypeId === chosen.carTypeId && v.inService)
                          .map((v) => ({ value: String(v.id), label: v.registrationNumber })),
                      ]}
                    />
                    <SubmitButton testId="move-submit">{t("admin.dispatch.move")}</SubmitButton>
                  </Form>
                ) : (
                  <p className="text-sm text-gray-700">{t("admin.dispatch.cannotMove")}</p>
                )}
              </AdminSection>
            </div>
          ) : null}
          <div className="card overflow-x-auto" data-testid="dispatch-board">
            <div className="min-w-[48rem]">
              {/* The days across, for the eye: each bar's name says its dates. */}
              <div className="grid grid-cols-[9rem_1fr] border-b border-gray-300 bg-gray-50" aria-hidden="true">
                <div className="sticky left-0 z-10 bg-gray-50 p-2 text-sm font-bold">{t("admin.counter.car")}</div>
                <div className="grid" style={{ gridTemplateColumns: `repeat(${filter.days}, 1fr)` }}>
                  {days.map((d) => (
                    <span
                      key={d}
                      className={`border-l border-gray-300 p-2 text-center text-xs font-semibold ${d === loaderData.today ? "bg-amber-100" : ""}`}
                    >
                      {d.slice(5).replace("-", "/")}
                    </span>
                  ))}
                </div>
              </div>
              <ul aria-label={t("admin.dispatch.title")}>
                {lanes.map((lane) => (
                  <li
                    key={lane.key}
                    className={`grid grid-cols-[9rem_1fr] border-b border-gray-200 ${over === (lane.vehicle?.id ?? -1) ? "bg-amber-50" : ""}`}
                    data-testid={lane.vehicle ? "dispatch-lane" : "dispatch-unassigned"}
                    data-vehicle={lane.vehicle?.id}
                    onDragOver={(e) => {
                      if (!canMove) return;
                      e.preventDefault();
                      setOver(lane.vehicle?.id ?? -1);
                    }}
                    onDragLeave={() => setOver(null)}
                    onDrop={drop(lane.vehicle?.id ?? null)}
                  >
                    <div className="sticky left-0 z-10 bg-white p-2 text-sm">
                      {lane.vehicle ? (
                        <>
                          <span className="block font-semibold">{lane.vehicle.registrationNumber}</span>
                          <span className="block text-xs text-gray-700">
                            {lane.vehicle.carTypeName}
                            {lane.vehicle.inService ? "" : ` ・${t("admin.vehicles.inWorkshop")}`}
                          </span>
                        </>
                      ) : (
                        <span className="font-semibold text-amber-900">
                          {t("admin.dispatch.unassigned", { count: lane.bookings.length })}
                        </span>
                      )}
                    </div>
                    <div
                      className="relative"
                      style={{ minHeight: `${Math.max(1, ...lane.bookings.map((b) => b.track + 1)) * TRACK_REM}rem` }}
                    >
                      <div
                        className="absolute inset-0 grid"
                        style={{ gridTemplateColumns: `repeat(${filter.days}, 1fr)` }}
                        aria-hidden="true"
                      >
                        {days.map((d) => (
                          <span key={d} className="border-l border-gray-200" />
                        ))}
                      </div>
                      {lane.bookings.map(({ booking, track }) => (
                        <Bar
                          key={booking.id}
                          board={board}
                          booking={booking}
                          track={track}
                          selected={booking.reserveNo === selected}
                          link={linkWith({ selected: booking.reserveNo })}
                          draggable={canMove && booking.stage === "booked"}
                        />
                      ))}
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <p className="mt-2 text-sm text-gray-700">{t("admin.dispatch.hint")}</p>
        </>
      )}
    </>
  );
}
