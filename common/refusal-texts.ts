import type { Locale } from "./locales";

/**
 * What a visitor reads when a form is refused before any page code runs (a CSRF refusal: another
 * origin, or a missing or stale token): the server's own 403 page (server/http/refusal-page.ts) and,
 * for a form sent by the page's script, the error page in the catalogues (`error.refused…`).
 */
export const REFUSAL_TEXTS: Record<Locale, { title: string; body: string; reload: string }> = {
  ja: {
    title: "この操作は受け付けられませんでした",
    body: "ページの有効期限が切れたか、このサイト以外のページから送信されました。ページを開き直してから、もう一度お試しください。",
    reload: "ページを開き直す",
  },
  en: {
    title: "This request could not be accepted",
    body: "The page may have expired, or the form was sent from a page outside this site. Open the page again and retry.",
    reload: "Open the page again",
  },
  ko: {
    title: "요청을 처리할 수 없습니다",
    body: "페이지가 만료되었거나 이 사이트가 아닌 페이지에서 전송되었습니다. 페이지를 다시 연 후 다시 시도해 주세요.",
    reload: "페이지 다시 열기",
  },
  "zh-TW": {
    title: "無法受理此操作",
    body: "頁面可能已逾時，或表單是從本網站以外的頁面送出的。請重新開啟頁面後再試一次。",
    reload: "重新開啟頁面",
  },
};
