import type { adminPhoneJa } from "./phone.ja";

/** Phone and counter bookings (issue 37): options with their prices, the live total, how and by whom a booking was taken. */
export const adminPhoneEn: Record<keyof typeof adminPhoneJa, string> = {
  "admin.reason.option_unknown": "This option is not offered for this store and car type.",
  "admin.reason.option_over_max": "At most {max}.",
  "admin.phone.contact": "Taken",
  "admin.phone.contactPhone": "By phone",
  "admin.phone.contactInPerson": "At the counter",
  "admin.phone.options": "Options and damage waiver",
  "admin.phone.noOptions": "No options are offered for this store and car type.",
  "admin.phone.optionLabel": "{name} ({price})",
  "admin.phone.perDay": "{price} a day",
  "admin.phone.perRental": "{price} a rental",
  "admin.phone.free": "free",
  "admin.phone.immunityPrice": "Damage waiver: {price} a day",
  "admin.phone.liveTotal": "Total (tax included)",
  "admin.phone.updating": "Calculating…",
  "admin.phone.noQuote": "Choose a car type and the dates to see the price here.",
  "admin.phone.optionLine": "{name} × {quantity}",
  "admin.reservation.channel": "Taken",
  "admin.reservation.channelWeb": "Website",
  "admin.reservation.channelApi": "API",
  "admin.reservation.channelPhone": "By phone",
  "admin.reservation.channelInPerson": "At the counter",
  "admin.reservation.takenBy": "{channel} (taken by {name})",
};
