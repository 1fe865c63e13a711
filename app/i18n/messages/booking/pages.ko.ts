import type { bookingPagesJa } from "./pages.ja";

export const bookingPagesKo: Record<keyof typeof bookingPagesJa, string> = {
  "suspended.heading": "온라인 예약을 중단하고 있습니다",
  "suspended.callLead": "예약 및 문의는 각 지점으로 전화해 주시기 바랍니다.",
  "suspended.callStore": "{name}에 전화하기 {tel}",
  "table.scrollHint": "표는 옆으로 스크롤할 수 있습니다.",
  "table.region": "표: {name}",
  "fee.sameAsQuote": "표의 요금은 예약 시 견적과 같은 방식으로 계산합니다(세금 포함).",
  "reason.long_rental_unconfirmed":
    "{days}일을 초과하는 이용입니다. 지점으로 전화해 주시거나, 장기 이용임을 확인하고 체크해 주시기 바랍니다.",
  "longRental.title": "{days}일을 초과하는 장기 이용입니다",
  "longRental.lead": "장기 이용 시에는 차량 점검 및 연장 조건에 대해 지점과 상담하시기를 권합니다. 전화:",
  "longRental.confirm": "{n}일간 이용하는 것을 확인했습니다",
  "payOther.default":
    "지점과 미리 정한 다른 결제 방법(청구서 결제 등)이 있는 경우 선택하시고, 아래 칸에 방법을 입력해 주시기 바랍니다.",
};
