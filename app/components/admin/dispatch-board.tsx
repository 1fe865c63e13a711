import {
  type Active,
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDndContext,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { type PointerEvent as ReactPointerEvent, useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { useAdminI18n } from "#app/lib/admin";
import { formatDateTime } from "#common/format";
import type { BoardBooking, DispatchBoard, DispatchVehicle } from "#server/counter/boards";
import { StaffText, useStaffTextPlain } from "./staff-text";

/**
 * The dispatch board's grid (配車表): a store's cars down the side, the days across, each booking a
 * bar on its car's row, the bookings with no car in a lane of their own. A bar is a link that opens
 * the move form (so a click, a keyboard without a drag, or a browser without JavaScript all work);
 * with JavaScript it is also dragged onto another car of its type, with a mouse or pen, by touch
 * (after a short press, so the board still scrolls), or from the keyboard (Space, the arrow keys,
 * Space), each step announced. The server decides every move (the exclusion constraint).
 */

const TRACK_REM = 2.75;
const NO_CAR = "none";

/** What a held bar carries: its car type and the car it is on now (null: none yet). */
type Held = { carTypeId: number; vehicleId: number | null };
const heldBy = (active: Active) => active.data.current as Held;

/** A lane's drop-target id: its car's id, or NO_CAR for the bookings with no car yet. */
const laneId = (vehicleId: number | null) => (vehicleId === null ? NO_CAR : String(vehicleId));

/** The car a drop target stands for (null: the lane of the bookings with no car). */
const laneVehicleId = (id: string | number) => (id === NO_CAR ? null : Number(id));

/** Mouse and pen only: a finger goes to the touch sensor, which waits for a press so it can scroll. */
class MouseOrPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: "onPointerDown" as const,
      handler: ({ nativeEvent }: ReactPointerEvent) =>
        nativeEvent.isPrimary && nativeEvent.button === 0 && nativeEvent.pointerType !== "touch",
    },
  ];
}

/** Up and down move the held bar to the previous or next car that may take it. */
const laneByLane: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = event.code === KeyboardCode.Down ? 1 : event.code === KeyboardCode.Up ? -1 : 0;
  if (!step) return undefined;
  event.preventDefault();
  const held = context.collisionRect;
  if (!held) return undefined;
  const lanes = [...context.droppableContainers.values()]
    .filter((c) => !c.disabled)
    .map((c) => ({ id: c.id, rect: context.droppableRects.get(c.id) }))
    .filter((l): l is { id: string | number; rect: NonNullable<typeof l.rect> } => Boolean(l.rect))
    .sort((a, b) => a.rect.top - b.rect.top);
  const middle = held.top + held.height / 2;
  const here = lanes.findIndex((l) => l.rect.top <= middle && middle < l.rect.top + l.rect.height);
  const target =
    here >= 0
      ? lanes[here + step]
      : step > 0
        ? lanes.find((l) => l.rect.top > middle)
        : lanes.findLast((l) => l.rect.top < middle);
  if (!target) return undefined;
  return { x: currentCoordinates.x, y: target.rect.top + (target.rect.height - held.height) / 2 };
};

/** The lane under the pointer; from the keyboard, the lane the bar lies on. */
const laneUnderBar: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const under = pointerWithin(args);
    if (under.length) return under;
  }
  return rectIntersection(args);
};

type Vehicle = DispatchVehicle;

interface Lane {
  key: string;
  vehicle: Vehicle | null;
  bookings: { booking: BoardBooking; track: number }[];
}

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

/** Where a bar starts and how wide it is, as shares of the board's span. */
function span(board: DispatchBoard, b: BoardBooking) {
  const from = new Date(board.from).getTime();
  const total = new Date(board.until).getTime() - from;
  const start = Math.max(0, new Date(b.startAt).getTime() - from);
  const end = Math.min(total, new Date(b.blockedUntil).getTime() - from);
  return { left: `${(start / total) * 100}%`, width: `${Math.max(((end - start) / total) * 100, 1.5)}%` };
}

const carName = (v: Vehicle | null | undefined, none: string, name: (ja: string, en?: string | null) => string) =>
  v ? `${v.registrationNumber}（${name(v.carTypeName, v.carTypeNameEn)}）` : none;

function Bar({
  board,
  booking,
  track,
  selected,
  link,
  movable,
}: {
  board: DispatchBoard;
  booking: BoardBooking;
  track: number;
  selected: boolean;
  link: string;
  movable: boolean;
}) {
  const { t } = useAdminI18n();
  const tz = board.store.timeZone;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: booking.reserveNo,
    data: { carTypeId: booking.carTypeId, vehicleId: booking.vehicleId } satisfies Held,
    disabled: !movable,
  });
  // The bar stays a link for the screen reader: the drag is described, not its role changed.
  const { role: _role, ...dragAttributes } = attributes;
  const label = t("admin.dispatch.bar", {
    reserveNo: booking.reserveNo,
    name: booking.borrowerName,
    from: formatDateTime(new Date(booking.startAt), tz),
    until: formatDateTime(new Date(booking.endAt), tz),
  });
  const colour = booking.overdue
    ? "bg-red-700 text-white"
    : booking.stage === "in_use"
      ? "bg-green-700 text-white"
      : booking.stage === "returned"
        ? "bg-gray-600 text-white"
        : "bg-blue-800 text-white";
  return (
    <Link
      ref={setNodeRef}
      to={link}
      {...(movable ? dragAttributes : {})}
      {...(movable ? listeners : {})}
      // The browser's own link drag would take the pointer from the sensor.
      draggable={false}
      className={`absolute flex h-9 items-center gap-1 overflow-hidden rounded px-1.5 text-xs font-semibold whitespace-nowrap no-underline shadow-sm ${colour} ${
        selected ? "ring-4 ring-amber-400" : ""
      } ${movable ? "cursor-grab touch-manipulation" : ""} ${isDragging ? "z-30 cursor-grabbing opacity-90 shadow-lg ring-2 ring-amber-400" : ""}`}
      style={{
        ...span(board, booking),
        top: `${track * TRACK_REM + 0.25}rem`,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
      }}
      aria-label={label}
      aria-current={selected || undefined}
      title={label}
      data-testid="dispatch-bar"
      data-reserve-no={booking.reserveNo}
    >
      <span className="tabular-nums">{booking.reserveNo}</span>
      <span className="font-normal">{booking.borrowerName}</span>
    </Link>
  );
}

function LaneRow({
  lane,
  days,
  today,
  children,
}: {
  lane: Lane;
  days: string[];
  today: string;
  children: React.ReactNode;
}) {
  const { t } = useAdminI18n();
  const { active } = useDndContext();
  const held = active ? heldBy(active) : undefined;
  // Only a car of the held booking's type, in service, takes it; or the lane of bookings with no car.
  const accepts =
    !held ||
    (lane.vehicle === null
      ? held.vehicleId !== null
      : lane.vehicle.carTypeId === held.carTypeId && lane.vehicle.inService);
  const { setNodeRef, isOver } = useDroppable({
    id: lane.key,
    data: { vehicle: lane.vehicle },
    disabled: !accepts,
  });
  const height = Math.max(1, ...lane.bookings.map((b) => b.track + 1)) * TRACK_REM;
  return (
    <li
      ref={setNodeRef}
      className={`grid grid-cols-[10rem_1fr] border-b border-gray-200 ${
        isOver ? "bg-amber-100" : held && !accepts ? "opacity-50" : ""
      }`}
      data-testid={lane.vehicle ? "dispatch-lane" : "dispatch-unassigned"}
      data-vehicle={lane.vehicle?.id}
      data-over={isOver || undefined}
    >
      <div className="sticky left-0 z-10 border-r border-gray-200 bg-white p-2 text-sm">
        {lane.vehicle ? (
          <>
            <span className="block font-semibold whitespace-nowrap tabular-nums">
              {lane.vehicle.registrationNumber}
            </span>
            <span className="block truncate text-xs text-gray-700">
              <StaffText ja={lane.vehicle.carTypeName} en={lane.vehicle.carTypeNameEn} />
              {lane.vehicle.inService ? "" : ` ・${t("admin.vehicles.inWorkshop")}`}
            </span>
          </>
        ) : (
          <span className="font-semibold text-amber-900">
            {t("admin.dispatch.unassigned", { count: lane.bookings.length })}
          </span>
        )}
      </div>
      <div className="relative" style={{ minHeight: `${height}rem` }}>
        <div
          className="absolute inset-0 grid"
          style={{ gridTemplateColumns: `repeat(${days.length}, 1fr)` }}
          aria-hidden="true"
        >
          {days.map((d) => (
            <span key={d} className={`border-l border-gray-200 ${d === today ? "bg-amber-50" : ""}`} />
          ))}
        </div>
        {children}
      </div>
    </li>
  );
}

export function DispatchGrid({
  board,
  days,
  today,
  selected,
  canMove,
  linkTo,
  onMove,
  busy,
}: {
  board: DispatchBoard;
  days: string[];
  today: string;
  selected: string | null;
  canMove: boolean;
  linkTo: (reserveNo: string) => string;
  onMove: (reserveNo: string, vehicleId: number | null) => void;
  busy: boolean;
}) {
  const { t, locale } = useAdminI18n();
  const instructionsId = useId();
  const justDragged = useRef(0);
  const lastOver = useRef<string | number | null>(null);
  useEffect(() => {
    // A drop ends with a click on the bar, which dnd-kit stops at the document before the link's
    // handler sees it, so the browser would follow the bar's link: a drop is not a request for the
    // move form. The window sees the click first.
    const swallow = (e: MouseEvent) => {
      if (Date.now() - justDragged.current < 400) e.preventDefault();
    };
    window.addEventListener("click", swallow, true);
    return () => window.removeEventListener("click", swallow, true);
  }, []);
  const sensors = useSensors(
    useSensor(MouseOrPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: laneByLane,
      keyboardCodes: {
        start: [KeyboardCode.Space],
        cancel: [KeyboardCode.Esc],
        end: [KeyboardCode.Space, KeyboardCode.Enter],
      },
    }),
  );
  const lanes: Lane[] = [
    { key: laneId(null), vehicle: null, bookings: stack(board.bookings.filter((b) => b.vehicleId === null)) },
    ...board.vehicles.map((v) => ({
      key: laneId(v.id),
      vehicle: v,
      bookings: stack(board.bookings.filter((b) => b.vehicleId === v.id)),
    })),
  ];
  const vehicleOf = (id: string | number) => board.vehicles.find((v) => v.id === laneVehicleId(id)) ?? null;
  const none = t("admin.dispatch.noCarYet");
  const typeName = useStaffTextPlain();
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = null;
      return t("admin.dispatch.pickedUp", { reserveNo: String(active.id) });
    },
    onDragOver: ({ active, over }) => {
      // Just picked up, the bar is over its own lane (or, once that lane refuses it, over nothing):
      // not news, and it would cut off the pick-up message.
      const home = laneId(heldBy(active).vehicleId);
      const at = over?.id ?? null;
      if (lastOver.current === null && (at === null || String(at) === home)) return undefined;
      lastOver.current = at;
      return over
        ? t("admin.dispatch.overCar", {
            reserveNo: String(active.id),
            car: carName(vehicleOf(over.id), none, typeName),
          })
        : t("admin.dispatch.overNothing", { reserveNo: String(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t("admin.dispatch.dropped", {
            reserveNo: String(active.id),
            car: carName(vehicleOf(over.id), none, typeName),
          })
        : t("admin.dispatch.cancelled", { reserveNo: String(active.id) }),
    onDragCancel: ({ active }) => t("admin.dispatch.cancelled", { reserveNo: String(active.id) }),
  };
  const dropped = ({ active, over }: DragEndEvent) => {
    justDragged.current = Date.now();
    if (!over) return;
    const to = laneVehicleId(over.id);
    if (heldBy(active).vehicleId !== to) onMove(String(active.id), to);
  };
  // A day's column: wide enough for a name over a week, a number over a month.
  const dayRem = days.length > 14 ? 2.75 : days.length > 7 ? 4.5 : 7;
  return (
    <DndContext
      // A fixed id: the server's and the browser's render name the drag description alike (hydration).
      id="dispatch-board"
      sensors={sensors}
      collisionDetection={laneUnderBar}
      onDragEnd={dropped}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t("admin.dispatch.instructions") },
      }}
    >
      <p id={instructionsId} className="sr-only">
        {t("admin.dispatch.instructions")}
      </p>
      <div className="card overflow-x-auto" data-testid="dispatch-board" aria-busy={busy || undefined} lang={locale}>
        <div style={{ minWidth: `${10 + days.length * dayRem}rem` }}>
          {/* The days across, for the eye: each bar's name says its dates. */}
          <div className="grid grid-cols-[10rem_1fr] border-b border-gray-300 bg-gray-50" aria-hidden="true">
            <div className="sticky left-0 z-10 border-r border-gray-200 bg-gray-50 p-2 text-sm font-bold">
              {t("admin.counter.car")}
            </div>
            <div className="grid" style={{ gridTemplateColumns: `repeat(${days.length}, 1fr)` }}>
              {days.map((d) => (
                <span
                  key={d}
                  className={`border-l border-gray-300 px-1 py-2 text-center text-xs font-semibold tabular-nums ${
                    d === today ? "bg-amber-100" : ""
                  }`}
                  data-testid="dispatch-day"
                >
                  {days.length > 14 ? d.slice(8).replace(/^0/, "") : d.slice(5).replace("-", "/")}
                </span>
              ))}
            </div>
          </div>
          <ul aria-label={t("admin.dispatch.title")} aria-describedby={canMove ? instructionsId : undefined}>
            {lanes.map((lane) => (
              <LaneRow key={lane.key} lane={lane} days={days} today={today}>
                {lane.bookings.map(({ booking, track }) => (
                  <Bar
                    key={booking.id}
                    board={board}
                    booking={booking}
                    track={track}
                    selected={booking.reserveNo === selected}
                    link={linkTo(booking.reserveNo)}
                    movable={canMove && booking.stage === "booked" && !busy}
                  />
                ))}
              </LaneRow>
            ))}
          </ul>
        </div>
      </div>
    </DndContext>
  );
}
