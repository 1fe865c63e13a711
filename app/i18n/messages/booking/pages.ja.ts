/**
 * Issue 40, items 4, 5, 6 and 9: the suspended site's top page, the price list's scroll hint,
 * the explanation of "other" payment and the long-rental check.
 */
export const bookingPagesJa = {
  "suspended.heading": "Web予約を停止しています",
  "suspended.callLead": "ご予約・お問い合わせは、各店舗へお電話ください。",
  "suspended.callStore": "{name}に電話する {tel}",
  "table.scrollHint": "表は横にスクロールできます。",
  "table.region": "表「{name}」",
  "fee.sameAsQuote": "表の料金は、ご予約時のお見積りと同じ計算です（税込）。",
  "reason.long_rental_unconfirmed":
    "{days}日を超えるご利用です。店舗へお電話いただくか、長期のご利用であることを確認してチェックを入れてください。",
  "longRental.title": "{days}日を超える長期のご利用です",
  "longRental.lead": "長期のご利用は、車両の点検や延長の条件について店舗へのご相談をおすすめしています。お電話:",
  "longRental.confirm": "{n}日間のご利用であることを確認しました",
  "payOther.default":
    "店舗と事前にお取り決めのあるお支払い方法（請求書払いなど）の場合にお選びください。下の欄に方法をご記入ください。",
} as const;
