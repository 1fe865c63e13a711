import { escapeHtml } from "#server/http/escape-html";
import { apiDocument } from "./openapi.server";
import { partnerWebhooks } from "./partner/webhooks-doc.server";
import { anchorOf, methodBadge, operationHtml, operations, tagOf, tags } from "./reference-operation.server";
import {
  exampleBlock,
  exampleFrom,
  inline,
  type Json,
  prose,
  resolveRef,
  schemaTable,
} from "./reference-schema.server";
import { LANGUAGE_NAMES, REFERENCE_TEXT, type ReferenceLocale } from "./reference-text.server";
import { webhookGuide } from "./reference-webhooks.server";

/**
 * The API reference (decision 033, issue 42): any OpenAPI 3.1 document rendered on the server, with
 * no script, so it works offline and under a strict CSP. A first page (how to call, servers,
 * authentication and scopes, errors, every operation linked), a page per tag with each operation's
 * parameters, request and response fields as nested tables, examples (the document's, or made from
 * the schema) and errors, the schemas, and the webhook guide; in English and Japanese.
 */

export const REFERENCE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface ReferenceOptions {
  /** Where the pages live: `${base}/docs`, `${base}/docs/{section}`; the document is `${base}/openapi.json`. */
  base: string;
  /** `undefined` for the first page, a tag's name, `schemas` or `webhooks`. */
  section?: string;
  /** The address of the document itself (defaults to `${base}/openapi.json`). */
  documentUrl?: string;
}

const STYLE = `
:root{color-scheme:light}
body{font:16px/1.6 system-ui,-apple-system,"Segoe UI","Hiragino Sans","Noto Sans JP",sans-serif;margin:0;color:#1f2328;background:#fff}
header{border-bottom:1px solid #d0d7de;background:#f6f8fa}
.bar,main{max-width:64rem;margin:0 auto;padding:.75rem 1rem}
.bar{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center;justify-content:space-between}
.bar p{margin:0}.lang{display:flex;gap:.5rem;margin:0;padding:0;list-style:none}
.lang a{display:inline-block;padding:.35rem .7rem;border:1px solid #d0d7de;border-radius:999px;min-height:24px;text-decoration:none;background:#fff}
.lang a[aria-current]{background:#0550ae;border-color:#0550ae;color:#fff}
h1{font-size:1.7rem;margin:.25rem 0 .5rem;line-height:1.3}
h2{font-size:1.3rem;margin-top:2.5rem;padding-bottom:.25rem;border-bottom:1px solid #d0d7de;overflow-wrap:anywhere}
h3{font-size:1.1rem;margin:0 0 .5rem;overflow-wrap:anywhere}
h4{font-size:1rem;margin:1.25rem 0 .5rem}
section.op{border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:1.5rem 0}
code,pre{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;font-size:.875em}
code{overflow-wrap:anywhere}
pre{background:#0d1117;color:#e6edf3;padding:.75rem;border-radius:6px;overflow:auto;max-height:28rem;margin:0}
pre code{overflow-wrap:normal}
figure.ex{margin:.75rem 0}figcaption{font-weight:600;font-size:.9rem;margin-bottom:.25rem}
.m{display:inline-block;min-width:3.4rem;text-align:center;border-radius:4px;color:#fff;font-weight:700;font-size:.75rem;padding:.1rem .35rem;margin-right:.5rem;vertical-align:.1em}
.get{background:#0a6e31}.post{background:#0550ae}.put,.patch{background:#8a4600}.delete{background:#b42318}
a{color:#0550ae}main{overflow-wrap:break-word}
.tw{overflow-x:auto;margin:.5rem 0 1rem}
table{border-collapse:collapse;width:100%;font-size:.925rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border-top:1px solid #d0d7de;padding:.45rem .5rem;vertical-align:top;text-align:left}
thead th{background:#f6f8fa;font-size:.85rem;color:#57606a}
tbody th{font-weight:400;width:38%;min-width:9rem}
tbody th code{font-weight:600;color:#1f2328}
.ty{display:block;color:#57606a;font-size:.8rem;font-family:ui-monospace,Menlo,monospace;overflow-wrap:anywhere}
.rq{display:inline-block;margin-left:.35rem;font-size:.7rem;color:#8a4600;border:1px solid #d4a72c;border-radius:4px;padding:0 .3rem;margin-top:.15rem}
.c{display:block;color:#57606a;font-size:.85rem;margin-top:.15rem}
.d1{padding-left:1.5rem}.d2{padding-left:2.5rem}.d3{padding-left:3.5rem}.d4,.d5{padding-left:4.5rem}
.d1,.d2,.d3,.d4,.d5{border-left:3px solid #d0d7de}
.who{color:#57606a;font-size:.9rem}
ul.ops{list-style:none;padding:0}ul.ops li{padding:.35rem 0;border-top:1px solid #eaeef2}
ul.toc{columns:2 14rem;padding-left:1.2rem}
.st{font-weight:700}
@media (max-width:40rem){tbody th{width:auto;min-width:7rem}.d1{padding-left:.9rem}.d2{padding-left:1.4rem}.d3,.d4,.d5{padding-left:1.9rem}section.op{padding:.75rem}}
`;

function shell(doc: Json, options: ReferenceOptions, locale: ReferenceLocale, title: string, body: string): string {
  const t = REFERENCE_TEXT[locale];
  const info = (doc.info ?? {}) as Json;
  const here = `${options.base}/docs${options.section ? `/${encodeURIComponent(options.section)}` : ""}`;
  const switcher = (Object.keys(LANGUAGE_NAMES) as ReferenceLocale[])
    .map(
      (l) =>
        `<li><a href="${here}?lang=${l}" hreflang="${l}" lang="${l}"${l === locale ? ' aria-current="page"' : ""}>${LANGUAGE_NAMES[l]}</a></li>`,
    )
    .join("");
  const withLang = (path: string) => `${path}?lang=${locale}`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — ${escapeHtml(String(info.title ?? "API"))}</title>
<style>${STYLE}</style>
</head>
<body>
<header><div class="bar"><p><a href="${withLang(`${options.base}/docs`)}">${escapeHtml(String(info.title ?? "API"))} v${escapeHtml(String(info.version ?? ""))}</a> · <a href="${escapeHtml(options.documentUrl ?? `${options.base}/openapi.json`)}">${t.document} (openapi.json)</a></p>
<nav aria-label="${t.language}"><ul class="lang">${switcher}</ul></nav></div></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

function indexPage(doc: Json, options: ReferenceOptions, locale: ReferenceLocale): string {
  const t = REFERENCE_TEXT[locale];
  const link = (section: string, hash = "") =>
    `${options.base}/docs/${encodeURIComponent(section)}?lang=${locale}${hash ? `#${hash}` : ""}`;
  const info = (doc.info ?? {}) as Json;
  const servers = (doc.servers ?? []) as Json[];
  const schemes = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;
  const all = operations(doc);
  const statuses = new Map<string, string>();
  for (const { op } of all)
    for (const [status, r] of Object.entries((op.responses ?? {}) as Record<string, Json>))
      if (!/^[123]/.test(status) && !statuses.has(status))
        statuses.set(status, String((resolveRef(doc, r) ?? r).description ?? ""));
  const problem = ((doc.components as Json | undefined)?.schemas as Record<string, Json> | undefined)?.Problem;
  const hasWebhooks = Object.keys((doc.webhooks ?? {}) as Json).length > 0;
  const scopesOf = (scheme: Json) => {
    const flows = (scheme.flows ?? {}) as Record<string, Json>;
    const scopes = Object.values(flows).flatMap((f) => Object.entries((f.scopes ?? {}) as Record<string, string>));
    return scopes.length
      ? `<ul>${scopes.map(([s, d]) => `<li><code>${escapeHtml(s)}</code>: ${inline(d)}</li>`).join("")}</ul>`
      : "";
  };
  const groups = tags(doc).map(
    (
      tag,
    ) => `<section aria-labelledby="tag-${escapeHtml(tag.name)}"><h2 id="tag-${escapeHtml(tag.name)}"><a href="${link(tag.name)}">${escapeHtml(tag.name)}</a></h2>
${prose(tag.description)}
<ul class="ops">${all
      .filter(({ op }) => tagOf(op) === tag.name)
      .map(
        (o) =>
          `<li><a href="${link(tag.name, anchorOf(o))}">${methodBadge(o.method)}<code>${escapeHtml(o.path)}</code></a> ${inline(String(o.op.summary ?? ""))}</li>`,
      )
      .join("")}</ul></section>`,
  );
  return shell(
    doc,
    options,
    locale,
    t.reference,
    `${prose(info.description as string | undefined)}
<nav aria-label="${t.contents}"><ul class="toc">${tags(doc)
      .map((tag) => `<li><a href="#tag-${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</a></li>`)
      .join(
        "",
      )}${hasWebhooks ? `<li><a href="${link("webhooks")}">${t.webhookGuide}</a></li>` : ""}<li><a href="${link("schemas")}">${t.schemas}</a></li></ul></nav>
${servers.length ? `<h2>${t.servers}</h2><ul>${servers.map((s) => `<li><code>${escapeHtml(String(s.url))}</code> ${inline(String(s.description ?? ""))}</li>`).join("")}</ul>` : ""}
${
  Object.keys(schemes).length
    ? `<h2>${t.authentication}</h2><dl>${Object.entries(schemes)
        .map(
          ([name, s]) =>
            `<dt><code>${escapeHtml(name)}</code> <span class="ty">${escapeHtml([s.type, s.scheme, s.in, s.name].filter(Boolean).join(" · "))}</span></dt><dd>${prose(String(s.description ?? ""))}${scopesOf(s)}</dd>`,
        )
        .join("")}</dl>`
    : ""
}
<h2>${t.errors}</h2>
<p>${t.errorsLead}</p>
<div class="tw"><table><thead><tr><th scope="col">${t.status}</th><th scope="col">${t.description}</th></tr></thead><tbody>${[
      ...statuses,
    ]
      .sort()
      .map(([s, d]) => `<tr><th scope="row"><span class="st">${escapeHtml(s)}</span></th><td>${inline(d)}</td></tr>`)
      .join("")}</tbody></table></div>
${problem ? `${schemaTable(doc, problem, t, "Problem", false)}${exampleBlock(exampleFrom(doc, problem), t.exampleGenerated)}` : ""}
${groups.join("\n")}
${hasWebhooks ? `<h2><a href="${link("webhooks")}">${t.webhookGuide}</a></h2><p>${inline(t.webhookLead)}</p>` : ""}
<h2><a href="${link("schemas")}">${t.schemas}</a></h2>`,
  );
}

function sectionPage(doc: Json, options: ReferenceOptions, locale: ReferenceLocale): string | null {
  const t = REFERENCE_TEXT[locale];
  const section = options.section as string;
  if (section === "schemas") {
    const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
    const body = Object.entries(schemas)
      .map(
        ([name, s]) =>
          `<section aria-labelledby="schema-${escapeHtml(name)}"><h2 id="schema-${escapeHtml(name)}"><code>${escapeHtml(name)}</code></h2>${prose(s.description as string | undefined)}${schemaTable(doc, s, t, name, false)}</section>`,
      )
      .join("\n");
    return shell(doc, options, locale, t.schemas, body);
  }
  if (section === "webhooks") {
    const guide = webhookGuide(doc, t, locale);
    return guide ? shell(doc, options, locale, t.webhookGuide, guide) : null;
  }
  const tag = tags(doc).find((x) => x.name === section);
  if (!tag) return null;
  const ops = operations(doc).filter(({ op }) => tagOf(op) === tag.name);
  return shell(
    doc,
    options,
    locale,
    tag.name,
    // The operations' h3 stand under this h2, so the page's headings go down one level at a time.
    `${prose(tag.description)}<nav aria-labelledby="operations"><h2 id="operations">${t.operations}</h2><ul class="ops">${ops.map((o) => `<li><a href="#${anchorOf(o)}">${methodBadge(o.method)}<code>${escapeHtml(o.path)}</code></a></li>`).join("")}</ul></nav>
${ops.map((o) => operationHtml(doc, o, t)).join("\n")}`,
  );
}

/**
 * Renders one page of the reference of `document` (any OpenAPI 3.1 document) in `locale`: the first
 * page, a tag's operations, `schemas` or `webhooks`. Null for a section the document does not have.
 */
export function renderReference(document: object, locale: ReferenceLocale, options: ReferenceOptions): string | null {
  const doc = document as Json;
  return options.section ? sectionPage(doc, options, locale) : indexPage(doc, options, locale);
}

/** The reference's language: `?lang=` when it names one, else the path's (`/en/…` English, none Japanese). */
export function referenceLocale(url: URL, pathLocale: string): ReferenceLocale {
  const asked = url.searchParams.get("lang");
  if (asked === "en" || asked === "ja") return asked;
  return pathLocale === "ja" ? "ja" : "en";
}

/** An HTML answer of the reference under its CSP, or a plain 404. */
export function referenceResponse(html: string | null): Response {
  if (html === null) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": REFERENCE_CSP,
      "Cache-Control": "public, max-age=300",
    },
  });
}

const pages = new Map<string, string | null>();

/**
 * §7's reference: its document with the site's webhooks (the same section the API for programs
 * documents), at `base` (`/en/api/v1`), cached per page and language.
 */
export function referencePage(base: string, section: string | undefined, locale: ReferenceLocale): Response {
  const key = `${base} ${section ?? ""} ${locale}`;
  if (!pages.has(key)) {
    const document = { ...(apiDocument() as unknown as Json), webhooks: partnerWebhooks() };
    pages.set(key, renderReference(document, locale, { base, section }));
  }
  return referenceResponse(pages.get(key) ?? null);
}
