import { type Locale, localeFromPath } from "../../common/locales";

/**
 * What a visitor reads when the server refuses a form before any page code runs (a CSRF refusal:
 * another origin, or a missing or stale token). Written before React Router, so the texts live here,
 * typed per language rather than in the page catalogues.
 */
const REFUSAL: Record<Locale, { title: string; body: string; reload: string }> = {
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

const HTML_LANG: Record<Locale, string> = { ja: "ja", en: "en", ko: "ko", "zh-TW": "zh-Hant-TW" };

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * The 403 answer to a refused form, in the language of the page it was posted to: an HTML page for
 * browsers, one line of text for other callers. Its link opens the page again (a GET, which issues
 * a fresh token).
 */
export function refusalResponse(pathname: string, accept: string | undefined): Response {
  const locale = localeFromPath(pathname);
  const text = REFUSAL[locale];
  const headers = { "Cache-Control": "no-store" };
  if (!accept?.includes("text/html")) {
    return new Response(`${text.title}. ${text.body}`, {
      status: 403,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const page = pathname.replace(/\.data$/, "").replace(/\/_root$/, "/") || "/";
  const html = `<!DOCTYPE html>
<html lang="${HTML_LANG[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(text.title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;line-height:1.6;color:#1a1a1a}main{max-width:36rem;margin:auto}a{display:inline-block;margin-top:.5rem;padding:.75rem 1rem;border-radius:.5rem;background:#1d4ed8;color:#fff;text-decoration:none}</style></head>
<body><main><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.body)}</p><p><a href="${escapeHtml(page)}">${escapeHtml(text.reload)}</a></p></main></body>
</html>`;
  return new Response(html, { status: 403, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}
