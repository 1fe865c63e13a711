import type { adminCancelJa } from "./cancel.ja";

/** Cancelling at the counter with one confirmation step (issue 37, item 7), in English. */
export const adminCancelEn: Record<keyof typeof adminCancelJa, string> = {
  "admin.cancelConfirm.open": "Review the cancellation",
  "admin.cancelConfirm.title": "Cancel this booking?",
  "admin.cancelConfirm.lead": "Nothing is cancelled yet. Check the fee and the refund, then confirm.",
  "admin.cancelConfirm.proposed": "Fee under the policy",
  "admin.cancelConfirm.proposedToday": "Day of departure, {percent}% of the total",
  "admin.cancelConfirm.proposedDays": "{days} days before departure, {percent}% of the total",
  "admin.cancelConfirm.cardBalance": "Held on the card",
  "admin.cancelConfirm.refund": "Refund to the card",
  "admin.cancelConfirm.refundHint": "What the card holds less the fee.",
  "admin.cancelConfirm.noRefund": "Paid at the store: nothing goes back to a card.",
  "admin.cancelConfirm.recalc": "Recalculate the refund",
  "admin.cancelConfirm.submit": "Cancel this booking",
  "admin.cancelConfirm.back": "Back (do not cancel)",
  "admin.cancelConfirm.ruleTitle": "Cancellation policy",
  "admin.cancelConfirm.ruleToday": "Day of departure",
  "admin.cancelConfirm.ruleDay": "{days} days before departure",
  "admin.cancelConfirm.ruleUpTo": "From {to} days before to the day of departure",
  "admin.cancelConfirm.ruleRange": "{from}-{to} days before departure",
  "admin.cancelConfirm.ruleEarlier": "More than {days} days before departure",
  "admin.cancelConfirm.rulePercent": "{percent}% of the total",
  "admin.cancelConfirm.ruleFree": "Free",
  "admin.cancelConfirm.ruleNone": "Cancelling costs nothing.",
  "admin.cancelConfirm.onlineDeadline": "Customers may cancel online until {deadline}",
  "admin.cancelConfirm.onlineOff": "Customers cannot cancel online.",
  "admin.cancelConfirm.already": "This booking is already cancelled.",
  "admin.reason.cancel_stale_changed":
    "The booking was changed or cancelled after you reviewed it, so it was not cancelled. Check it as it is now.",
  "admin.reason.cancel_stale_fee":
    "The day has changed and with it the policy's fee (or what the card holds), so nothing was cancelled. Check the new amounts and confirm again.",
};
