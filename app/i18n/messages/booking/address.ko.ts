import type { addressIntlJa } from "./address.ja";

export const addressIntlKo: Record<keyof typeof addressIntlJa, string> = {
  "address.countryFirstHint": "거주하시는 국가를 선택해 주세요. 아래 주소 입력란이 국가에 맞게 바뀝니다.",
  "address.zipHintJapan": "일본 우편번호 숫자 7자리(하이픈 가능).",
};
