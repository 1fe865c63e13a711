import type { bookingLayoutJa } from "./layout.ja";

export const bookingLayoutEn: Record<keyof typeof bookingLayoutJa, string> = {
  "booking.notPossible.leadAny":
    "Some options are in limited stock. Tell us what to do if we cannot provide one you choose.",
};
