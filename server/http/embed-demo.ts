import { LOCALE_PREFIX, type Locale, parseLocaleCookie } from "#common/locales";
import { escapeHtml } from "./escape-html";

/**
 * `/_demo/embed`: a rental company's own web page that frames a site's embedded booking flow with
 * the documented snippet (README, decision 025). The frame is served from the other loopback name
 * (`localhost` ↔ `127.0.0.1`), so the two are different sites and the frame's cookies are
 * third-party, as on a real client's page.
 */

const SITE = /^[a-z0-9][a-z0-9_-]{1,62}$/;

/** The other loopback name, same port and scheme; any other host frames itself. */
export function frameOrigin(requestUrl: URL): string {
  const swap: Record<string, string> = { localhost: "127.0.0.1", "127.0.0.1": "localhost" };
  const host = swap[requestUrl.hostname];
  if (!host) return requestUrl.origin;
  return `${requestUrl.protocol}//${host}${requestUrl.port ? `:${requestUrl.port}` : ""}`;
}

export function embedDemoPage(requestUrl: URL): { html: string; csp: string } {
  const site = SITE.test(requestUrl.searchParams.get("site") ?? "") ? requestUrl.searchParams.get("site")! : "sakura";
  const locale: Locale = parseLocaleCookie(requestUrl.searchParams.get("lang")) ?? "ja";
  const prefix = LOCALE_PREFIX[locale];
  const origin = frameOrigin(requestUrl);
  const src = `${origin}${prefix ? `/${prefix}` : ""}/${site}/custom_page`;
  const snippet = [
    `<iframe src="${src}" title="Book a car"`,
    `        data-rentacar-embed style="width:100%;height:900px;border:0"></iframe>`,
    `<script src="${origin}/embed.js" async></script>`,
  ].join("\n");
  const languages = (["ja", "en", "ko", "zh-TW"] as const)
    .map((l) => {
      const code = { ja: "jp", en: "en", ko: "kr", "zh-TW": "tw" }[l];
      const label = { ja: "日本語", en: "English", ko: "한국어", "zh-TW": "繁體中文" }[l];
      return l === locale
        ? `<strong>${label}</strong>`
        : `<a href="?site=${site}&amp;lang=${code}" lang="${l}">${label}</a>`;
    })
    .join(" · ");
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Embedding demo: a client's own page</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; color: #1f2937; background: #f3f4f6; }
  header, footer { background: #0f3d3e; color: #fff; padding: 16px; }
  main { max-width: 960px; margin: 0 auto; padding: 16px; }
  a { color: #0b5cad; }
  header a, footer a { color: #fff; }
  .frame { background: #fff; border-radius: 12px; overflow: hidden; box-shadow: 0 1px 4px rgb(0 0 0 / 0.15); }
  pre { background: #111827; color: #e5e7eb; padding: 12px; border-radius: 8px; overflow-x: auto; font-size: 13px; }
</style>
</head>
<body>
<header><strong>Okinawa Drive &amp; Stay</strong> — a rental company's own web site (demo)</header>
<main>
  <h1>Book your car</h1>
  <p>This page stands for a client's own site. The booking below is <code>/${site}/custom_page</code>,
  framed from <code>${escapeHtml(origin)}</code>: another site, so its cookies are third-party.</p>
  <p>Language: ${languages}</p>
  <div class="frame">
${snippet}
  </div>
  <h2>The snippet</h2>
  <pre tabindex="0"><code>${escapeHtml(snippet)}</code></pre>
</main>
<footer>Demo host page · <a href="/">booking platform</a></footer>
</body>
</html>`;
  const csp = [
    "default-src 'self'",
    `script-src ${origin}`,
    `frame-src ${origin}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return { html, csp };
}
