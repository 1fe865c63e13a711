/** Issue 40: the booking steps' layout and defaults (the limited-stock choice shown without JavaScript). */
export const bookingLayoutJa = {
  "booking.notPossible.leadAny":
    "数に限りのあるオプションがあります。お選びのオプションをご用意できなかった場合のご対応を選んでください。",
} as const;
