/**
 * Cancelling with one confirmation step (issue 37, item 7): My Page and the mail's signed link show
 * the fee, the refund and the site's rule before the customer confirms; the completion page offers
 * the same way to cancel as the confirmation mail.
 */
export const cancelConfirmJa = {
  "cancelConfirm.open": "キャンセルの手続きへ進む",
  "cancelConfirm.title": "このご予約をキャンセルしますか？",
  "cancelConfirm.lead": "まだキャンセルされていません。内容をご確認のうえ、下のボタンで確定してください。",
  "cancelConfirm.noRefund": "店舗でのお支払いのため、カードへのご返金はありません。",
  "cancelConfirm.ruleTitle": "キャンセル規定",
  "cancelConfirm.ruleToday": "出発当日",
  "cancelConfirm.ruleDay": "出発の {days} 日前",
  "cancelConfirm.ruleUpTo": "出発当日〜{to} 日前",
  "cancelConfirm.ruleRange": "出発の {from}〜{to} 日前",
  "cancelConfirm.ruleEarlier": "出発の {days} 日前より前",
  "cancelConfirm.rulePercent": "合計の {percent}%",
  "cancelConfirm.ruleFree": "無料",
  "cancelConfirm.ruleNone": "キャンセル料はかかりません。",
  "cancelConfirm.deadline":
    "オンラインでのキャンセルは {deadline}（店舗の現地時刻）まで。それ以降は店舗へお電話ください。",
  "cancelConfirm.submit": "キャンセルを確定する",
  "cancelConfirm.back": "戻る（ご予約はそのままです）",
  "reason.cancel_stale_changed":
    "ご予約の内容が変わったため、キャンセルは確定していません。最新の内容をご確認ください。",
  "reason.cancel_stale_fee":
    "日付が変わりキャンセル料または返金額が変わったため、キャンセルは確定していません。新しい金額をご確認のうえ、もう一度確定してください。",
  "completed.cancelOnline":
    "このご予約は {deadline} まで、オンラインでキャンセルできます（キャンセル料は確定前に表示されます）。",
  "completed.cancelGuest": "予約の確認・キャンセル",
  "completed.cancelMember": "マイページで確認・キャンセル",
  "completed.contactChange": "ご予約の変更は {store} までお電話ください。",
  "bookingMail.borrower.cancelMyPage":
    "このご予約は {deadline} まで、マイページからキャンセルできます（キャンセル料は確定前に表示されます）。\n{url}",
} as const;
