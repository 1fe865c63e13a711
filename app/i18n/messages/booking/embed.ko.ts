import type { embedJa } from "./embed.ja";

export const embedKo: Record<keyof typeof embedJa, string> = {
  "embed.storage.title": "이 페이지 안에서는 예약을 계속할 수 없습니다",
  "embed.storage.body":
    "사용 중인 브라우저가 다른 사이트에 삽입된 이 예약 화면에서 정보 저장(쿠키)을 허용하지 않습니다. 새 탭에서 예약 사이트를 열어 계속해 주세요.",
  "embed.storage.kept": "선택한 영업소, 일시, 차종은 그대로 이어집니다.",
  "embed.storage.continue": "새 탭에서 예약 계속하기",
  "embed.newTab": "(새 탭에서 열림)",
  "embed.another": "다른 예약하기",
};
