import type { bookingLayoutJa } from "./layout.ja";

export const bookingLayoutZhTW: Record<keyof typeof bookingLayoutJa, string> = {
  "booking.notPossible.leadAny": "部分選購配備數量有限。請選擇您所選的配備無法備妥時的處理方式。",
};
