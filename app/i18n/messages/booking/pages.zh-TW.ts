import type { bookingPagesJa } from "./pages.ja";

export const bookingPagesZhTW: Record<keyof typeof bookingPagesJa, string> = {
  "suspended.heading": "目前暫停網路預約",
  "suspended.callLead": "如需預約或洽詢，請致電各門市。",
  "suspended.callStore": "致電{name} {tel}",
  "table.scrollHint": "表格可左右捲動查看所有欄位。",
  "table.region": "表格：{name}",
  "fee.sameAsQuote": "表中費用與預約時的報價採相同方式計算（含稅）。",
  "reason.long_rental_unconfirmed": "租期超過{days}天。請致電門市，或勾選方框確認長期租車。",
  "longRental.title": "租期超過{days}天的長期租車",
  "longRental.lead": "長期租車建議先與門市洽詢車輛保養及延長等條件。來電：",
  "longRental.confirm": "我已確認租期為{n}天",
  "payOther.default": "若已與門市事先約定其他付款方式（如請款單付款），請選擇此項，並於下方欄位填寫付款方式。",
};
