import type { bookingLayoutJa } from "./layout.ja";

export const bookingLayoutKo: Record<keyof typeof bookingLayoutJa, string> = {
  "booking.notPossible.leadAny":
    "수량이 한정된 옵션이 있습니다. 선택하신 옵션을 준비하지 못한 경우의 처리 방법을 선택해 주세요.",
};
