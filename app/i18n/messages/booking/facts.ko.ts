import type { bookingFactsJa } from "./facts.ja";

export const bookingFactsKo: Record<keyof typeof bookingFactsJa, string> = {
  "facts.title": "이용 안내",
  "facts.passengers": "탑승 인원",
  "facts.passengersCount#one": "{count}명",
  "facts.passengersCount#other": "{count}명",
  "facts.passengersUnset": "지정 안 함",
  "facts.included": "합계 금액에 포함된 항목",
  "facts.includedBase": "기본요금, 선택하신 옵션, 소비세",
  "facts.cdwIncluded": "면책 보상(CDW): 가입({fee})",
  "facts.cdwNotIncluded": "면책 보상(CDW): 미가입. 사고 시 면책금은 고객님께서 부담하십니다.",
  "facts.excluded": "합계 금액에 포함되지 않은 항목",
  "facts.noc":
    "영업 손실 보상료(NOC): 사고나 오염 등으로 차량을 대여할 수 없게 된 경우, 자력 주행이 가능하면 {drivable}, 불가능하면 {notDrivable}의 금액을 지점에서 지불하셔야 합니다. 면책 보상에 가입하셨어도 해당됩니다.",
  "facts.nocCovered": "영업 손실 보상료(NOC): 선택하신 옵션 「{option}」에서 보상",
  "facts.cancel": "취소 규정",
  "facts.cancelNote": "취소 수수료는 예약 합계 금액을 기준으로 부과됩니다.",
  "facts.faq.when": "취소 연락 시점",
  "facts.faq.fee": "취소 수수료",
  "facts.bring": "차량 인수 시 지참하실 것",
  "facts.bringLead": "운전하실 분은 다음을 지참해 주세요.",
  "facts.bringOneOf": "해외 거주자 또는 외국 면허증으로 운전하시는 분은 다음 중 하나를 지참해 주세요.",
  "facts.bring.licence": "운전면허증(원본, 유효기간 내)",
  "facts.bring.idp": "여권과 국제운전면허증(1949년 제네바 협약)",
  "facts.bring.translation":
    "여권, 본국 운전면허증(원본)과 JAF 또는 대사관・영사관이 발행한 일본어 번역문(스위스, 독일, 프랑스, 벨기에, 모나코, 대만, 에스토니아 등의 면허증)",
  "facts.bringNote": "본국 면허증만으로는 일본에서 운전할 수 없습니다.",
  "facts.mail.heading": "■ {title}",
  "facts.mail.item": "- {text}",
};
