/**
 * What a booking's customer must know before paying and on the day (issue 40, item 2): the
 * passengers, what the total includes and leaves out, the cancellation rule and the papers to
 * bring. The confirmation, the completion page and the customer mails word it with these keys.
 */
export const bookingFactsJa = {
  "facts.title": "ご利用にあたって",
  "facts.passengers": "乗車人数",
  "facts.passengersCount#one": "{count}名",
  "facts.passengersCount#other": "{count}名",
  "facts.passengersUnset": "指定なし",
  "facts.included": "合計金額に含まれるもの",
  "facts.includedBase": "基本料金・お選びのオプション・消費税",
  "facts.cdwIncluded": "免責補償（CDW）：加入（{fee}）",
  "facts.cdwNotIncluded": "免責補償（CDW）：未加入。事故の際の免責額はお客様のご負担です。",
  "facts.excluded": "合計金額に含まれないもの",
  "facts.noc":
    "ノンオペレーションチャージ（NOC）：事故・汚損などで車両が使えなくなった場合、自走できるときは{drivable}、自走できないときは{notDrivable}を店舗でお支払いいただきます。免責補償に加入していても対象です。",
  "facts.nocCovered": "ノンオペレーションチャージ（NOC）：{option}で補償",
  "facts.cancel": "キャンセル規定",
  "facts.cancelNote": "キャンセル料はご予約の合計金額に対してかかります。",
  "facts.faq.when": "ご連絡の時期",
  "facts.faq.fee": "キャンセル料",
  "facts.bring": "ご来店時にお持ちいただくもの",
  "facts.bringLead": "運転される方は、次のものをお持ちください。",
  "facts.bringOneOf": "海外にお住まいの方、外国の運転免許証で運転される方は、次のどちらかをお持ちください。",
  "facts.bring.licence": "運転免許証（原本・有効期限内のもの）",
  "facts.bring.idp": "パスポートと国際運転免許証（1949年ジュネーブ条約に基づくもの）",
  "facts.bring.translation":
    "パスポート、外国の運転免許証（原本）と、JAFまたは大使館・領事館が作成したその日本語翻訳文（スイス・ドイツ・フランス・ベルギー・モナコ・台湾・エストニアなどの免許証の場合）",
  "facts.bringNote": "外国の運転免許証だけでは、日本で運転できません。",
  "facts.mail.heading": "■{title}",
  "facts.mail.item": "・{text}",
};
