import type { adminDispatchJa } from "./dispatch.ja";

/** The dispatch board's window, drag and drop and phone day list (issue 41). */
export const adminDispatchEn: Record<keyof typeof adminDispatchJa, string> = {
  "admin.dispatch.days30": "30 days",
  "admin.dispatch.window": "Days shown",
  "admin.dispatch.instructions":
    "Focus a booking's bar and press Space to pick it up, the up and down arrow keys to choose a car, and Space to drop it. Escape cancels. Enter opens the car picker instead.",
  "admin.dispatch.pickedUp":
    "Picked up reservation {reserveNo}. Use the up and down arrow keys to choose a car, and Space to drop it.",
  "admin.dispatch.overCar": "Reservation {reserveNo} is over {car}.",
  "admin.dispatch.overNothing": "Reservation {reserveNo} is not over a car.",
  "admin.dispatch.dropped": "Moving reservation {reserveNo} to {car}.",
  "admin.dispatch.cancelled": "Moving reservation {reserveNo} was cancelled. Its car is unchanged.",
  "admin.dispatch.moving": "Moving…",
  "admin.dispatch.refused": "The car could not be changed",
  "admin.dispatch.dayList": "Departures and returns by day",
  "admin.dispatch.departs": "Departs",
  "admin.dispatch.returns": "Returns",
  "admin.dispatch.nothingToday": "No departures or returns.",
  "admin.dispatch.noCarYet": "No car yet",
  "admin.dispatch.dragHint": "Drag a bar onto a car of the same type (from the keyboard: Space on the bar).",
};
