import type { bookingFactsJa } from "./facts.ja";

export const bookingFactsZhTW: Record<keyof typeof bookingFactsJa, string> = {
  "facts.title": "租車須知",
  "facts.passengers": "乘車人數",
  "facts.passengersCount#one": "{count}人",
  "facts.passengersCount#other": "{count}人",
  "facts.passengersUnset": "未指定",
  "facts.included": "合計金額包含",
  "facts.includedBase": "基本費用、所選配備及消費稅",
  "facts.cdwIncluded": "免責補償（CDW）：已加入（{fee}）",
  "facts.cdwNotIncluded": "免責補償（CDW）：未加入。發生事故時，自負額由您負擔。",
  "facts.excluded": "合計金額不包含",
  "facts.noc":
    "營業損失補償費（NOC）：車輛因事故或髒污等無法出租時，可自行行駛者須於門市支付{drivable}，無法行駛者須支付{notDrivable}。即使已加入免責補償亦需支付。",
  "facts.nocCovered": "營業損失補償費（NOC）：由「{option}」補償",
  "facts.cancel": "取消規定",
  "facts.cancelNote": "取消費用以預約合計金額計算。",
  "facts.faq.when": "通知取消的時間",
  "facts.faq.fee": "取消費用",
  "facts.bring": "取車時請攜帶",
  "facts.bringLead": "駕駛人請攜帶：",
  "facts.bringOneOf": "居住海外或持外國駕照駕駛者，請攜帶下列其中一組文件：",
  "facts.bring.licence": "駕照（正本，須在有效期限內）",
  "facts.bring.idp": "護照與國際駕照（1949年日內瓦公約）",
  "facts.bring.translation":
    "護照、本國駕照正本，以及由JAF或駐日大使館・領事館出具的日文譯本（適用於瑞士、德國、法國、比利時、摩納哥、台灣、愛沙尼亞等地核發的駕照）",
  "facts.bringNote": "僅有本國駕照無法在日本駕駛。",
  "facts.mail.heading": "■{title}",
  "facts.mail.item": "・{text}",
};
