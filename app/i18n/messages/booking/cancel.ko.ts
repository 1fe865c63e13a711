import type { cancelConfirmJa } from "./cancel.ja";

export const cancelConfirmKo: Record<keyof typeof cancelConfirmJa, string> = {
  "cancelConfirm.open": "취소 절차로 진행",
  "cancelConfirm.title": "이 예약을 취소하시겠습니까?",
  "cancelConfirm.lead": "아직 취소되지 않았습니다. 내용을 확인하신 후 아래 버튼으로 확정해 주세요.",
  "cancelConfirm.noRefund": "지점에서 결제하시는 예약이므로 카드 환불은 없습니다.",
  "cancelConfirm.ruleTitle": "취소 규정",
  "cancelConfirm.ruleToday": "출발 당일",
  "cancelConfirm.ruleDay": "출발 {days}일 전",
  "cancelConfirm.ruleUpTo": "출발 당일~{to}일 전",
  "cancelConfirm.ruleRange": "출발 {from}~{to}일 전",
  "cancelConfirm.ruleEarlier": "출발 {days}일 전보다 이전",
  "cancelConfirm.rulePercent": "합계의 {percent}%",
  "cancelConfirm.ruleFree": "무료",
  "cancelConfirm.ruleNone": "취소 수수료가 없습니다.",
  "cancelConfirm.deadline": "온라인 취소는 {deadline}(지점 현지 시각)까지 가능합니다. 이후에는 지점으로 전화해 주세요.",
  "cancelConfirm.submit": "취소 확정",
  "cancelConfirm.back": "돌아가기 (예약은 그대로 유지됩니다)",
  "reason.cancel_stale_changed": "예약 내용이 변경되어 취소되지 않았습니다. 현재 내용을 확인해 주세요.",
  "reason.cancel_stale_fee":
    "날짜가 바뀌어 취소 수수료 또는 환불 금액이 변경되었으므로 취소되지 않았습니다. 새 금액을 확인하신 후 다시 확정해 주세요.",
  "completed.cancelOnline":
    "이 예약은 {deadline}까지 온라인으로 취소할 수 있습니다(취소 수수료는 확정 전에 표시됩니다).",
  "completed.cancelGuest": "예약 확인·취소",
  "completed.cancelMember": "마이페이지에서 확인·취소",
  "completed.contactChange": "예약 변경은 {store}에 전화해 주세요.",
  "bookingMail.borrower.cancelMyPage":
    "이 예약은 {deadline}까지 마이페이지에서 취소할 수 있습니다(취소 수수료는 확정 전에 표시됩니다).\n{url}",
};
