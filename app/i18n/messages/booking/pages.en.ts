import type { bookingPagesJa } from "./pages.ja";

export const bookingPagesEn: Record<keyof typeof bookingPagesJa, string> = {
  "suspended.heading": "Online booking is paused",
  "suspended.callLead": "To book or to ask anything, please call the store.",
  "suspended.callStore": "Call {name}, {tel}",
  "table.scrollHint": "Scroll the table sideways to see every column.",
  "table.region": "Table: {name}",
  "fee.sameAsQuote": "These prices are worked out the same way as the quote when you book (tax included).",
  "reason.long_rental_unconfirmed":
    "This rental is longer than {days} days. Please call the store, or tick the box to confirm the long rental.",
  "longRental.title": "A rental of more than {days} days",
  "longRental.lead": "For a long rental, we suggest talking to the store about servicing the car and extending. Call:",
  "longRental.confirm": "I confirm a rental of {n} days",
  "payOther.default":
    "Choose this if you have agreed another way of paying with the store (an invoice, for example), and write it in the box below.",
};
