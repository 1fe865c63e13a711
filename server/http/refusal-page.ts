import { localeFromPath } from "#common/locales";
import { REFUSAL_TEXTS } from "#common/refusal-texts";
import { escapeHtml } from "./escape-html";

/**
 * The 403 answer to a refused form, in the language of the page it was posted to: an HTML page for
 * browsers, one line of text for other callers. Its link opens the page again (a GET, which issues
 * a fresh token).
 */
export function refusalResponse(pathname: string, accept: string | undefined): Response {
  const locale = localeFromPath(pathname);
  const text = REFUSAL_TEXTS[locale];
  const headers = { "Cache-Control": "no-store" };
  if (!accept?.includes("text/html")) {
    return new Response(`${text.title}. ${text.body}`, {
      status: 403,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const page = pathname.replace(/\.data$/, "").replace(/\/_root$/, "/") || "/";
  const html = `<!DOCTYPE html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(text.title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;line-height:1.6;color:#1a1a1a}main{max-width:36rem;margin:auto}:lang(ko){word-break:keep-all}a{display:inline-block;margin-top:.5rem;padding:.75rem 1rem;border-radius:.5rem;background:#1d4ed8;color:#fff;text-decoration:none}</style></head>
<body><main><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.body)}</p><p><a href="${escapeHtml(page)}">${escapeHtml(text.reload)}</a></p></main></body>
</html>`;
  return new Response(html, { status: 403, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}
