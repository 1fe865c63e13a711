import type { cancelConfirmJa } from "./cancel.ja";

export const cancelConfirmEn: Record<keyof typeof cancelConfirmJa, string> = {
  "cancelConfirm.open": "Go on to cancel",
  "cancelConfirm.title": "Cancel this reservation?",
  "cancelConfirm.lead": "Nothing is cancelled yet. Check the amounts, then confirm with the button below.",
  "cancelConfirm.noRefund": "Paid at the store: nothing is refunded to a card.",
  "cancelConfirm.ruleTitle": "Cancellation policy",
  "cancelConfirm.ruleToday": "On the day of departure",
  "cancelConfirm.ruleDay": "{days} days before departure",
  "cancelConfirm.ruleUpTo": "From {to} days before to the day of departure",
  "cancelConfirm.ruleRange": "{from}-{to} days before departure",
  "cancelConfirm.ruleEarlier": "More than {days} days before departure",
  "cancelConfirm.rulePercent": "{percent}% of the total",
  "cancelConfirm.ruleFree": "Free",
  "cancelConfirm.ruleNone": "Cancelling costs nothing.",
  "cancelConfirm.deadline":
    "Online cancellation is open until {deadline} (store's local time). After that, please call the store.",
  "cancelConfirm.submit": "Confirm the cancellation",
  "cancelConfirm.back": "Back (keep my reservation)",
  "reason.cancel_stale_changed": "Your reservation has changed, so it was not cancelled. Please check it as it is now.",
  "reason.cancel_stale_fee":
    "The day has changed and with it the fee or the refund, so nothing was cancelled. Please check the new amounts and confirm again.",
  "completed.cancelOnline":
    "You can cancel this reservation online until {deadline} (the fee is shown before you confirm).",
  "completed.cancelGuest": "View or cancel the reservation",
  "completed.cancelMember": "View or cancel on My Page",
  "completed.contactChange": "To change the reservation, call {store}.",
  "bookingMail.borrower.cancelMyPage":
    "You can cancel this reservation on My Page until {deadline} (the fee is shown before you confirm).\n{url}",
};
