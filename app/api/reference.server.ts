import { escapeHtml } from "../../server/http/escape-html";
import { apiDocument } from "./openapi.server";

type Json = Record<string, unknown>;

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STYLE = `
body{font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2328;background:#fff}
header,main{max-width:60rem;margin:0 auto;padding:1rem}
header{border-bottom:1px solid #d0d7de}
h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.3rem;margin-top:2.5rem;border-bottom:1px solid #d0d7de}
h2.op{font-size:1.1rem;margin:2rem 0 .25rem;overflow-wrap:anywhere}
code,pre{font-family:ui-monospace,"SFMono-Regular",Menlo,monospace;font-size:.9em}
pre{background:#f6f8fa;padding:.75rem;white-space:pre-wrap;border-radius:6px}
.m{display:inline-block;min-width:3.2rem;text-align:center;border-radius:4px;color:#fff;font-weight:700;font-size:.8rem;padding:0 .3rem;margin-right:.4rem}
.get{background:#0a6e31}.post{background:#0550ae}
main{overflow-wrap:break-word}code{overflow-wrap:anywhere}
dl{margin:.25rem 0 .75rem;border:1px solid #d0d7de;border-radius:6px}dl>div{padding:.4rem .6rem;border-top:1px solid #d0d7de}
dl>div:first-child{border-top:0}dt{font-weight:600}dd{margin:0}.t{color:#57606a;font-weight:400}nav ul{columns:2;padding-left:1.2rem}a{color:#0550ae}
.who{color:#57606a;font-size:.9rem;margin:0}
`;

/** A schema in a line: `string`, `Fees`, `array of CarTypeOffer`, an enum's values. */
function typeOf(schema: Json | undefined): string {
  if (!schema) return "";
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop() ?? "";
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const anyOf = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (anyOf) return anyOf.map(typeOf).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : String(schema.type ?? "object");
  if (type === "array") return `array of ${typeOf(schema.items as Json)}`;
  return type;
}

/** Text with `code` and **strong** marked, as the document's descriptions write them. */
const inline = (text: string) =>
  escapeHtml(text)
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/`([^`]+)`/g, "<code>$1</code>");

/** The properties of an object schema as table rows. */
function propertyRows(schema: Json | undefined): string {
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(properties)
    .map(([name, p]) =>
      entry(
        `<code>${escapeHtml(name)}</code>${required.has(name) ? " *" : ""}`,
        typeOf(p),
        String(p.description ?? ""),
      ),
    )
    .join("");
}

/** One field, parameter or status: its name and type, then what it is. */
const entry = (term: string, type: string, description: string) =>
  `<div><dt>${term} <code class="t">${escapeHtml(type)}</code></dt><dd>${inline(description)}</dd></div>`;

const table = (rows: string) => (rows ? `<dl>${rows}</dl>` : "");

function operationHtml(path: string, method: string, op: Json): string {
  const id = operationId(op);
  const security = ((op.security as Json[]) ?? []).map((s) => Object.keys(s)[0] ?? "anyone");
  const who = security
    .map((s) =>
      s === "apiKey"
        ? `programs with a key scoped <code>${escapeHtml(String(((op.security as Json[]).find((x) => "apiKey" in x)?.apiKey as string[])?.[0]))}</code>`
        : s === "session"
          ? "browsers with a session"
          : "anyone",
    )
    .join("; ");
  const params = ((op.parameters as Json[]) ?? [])
    .map((p) =>
      entry(
        `<code>${escapeHtml(String(p.name))}</code> (${escapeHtml(String(p.in))})${p.required ? " *" : ""}`,
        typeOf(p.schema as Json),
        String(p.description ?? (p.schema as Json)?.description ?? ""),
      ),
    )
    .join("");
  const body = ((op.requestBody as Json)?.content as Json)?.["application/json"] as Json | undefined;
  const bodySchema = resolve(body?.schema as Json);
  const responses = Object.entries((op.responses as Record<string, Json>) ?? {})
    .map(([status, r]) => {
      const schema = (Object.values((r.content as Json) ?? {})[0] as Json | undefined)?.schema as Json | undefined;
      return entry(escapeHtml(status), typeOf(schema), String(r.description ?? ""));
    })
    .join("");
  return `<section aria-labelledby="${id}">
<h2 id="${id}" class="op"><span class="m ${method}">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code></h2>
<p>${inline(String(op.summary ?? ""))}</p>
${op.description ? `<p>${inline(String(op.description))}</p>` : ""}
<p class="who">For: ${who}. Operation: <code>${escapeHtml(String(op.operationId))}</code></p>
${params ? `<p>Parameters:</p>${table(params)}` : ""}
${bodySchema ? `<p>Request body (JSON):</p>${table(propertyRows(bodySchema)) || `<p><code>${escapeHtml(typeOf(bodySchema))}</code></p>`}` : ""}
<p>Responses:</p>${table(responses)}
</section>`;
}

/** A `$ref` to a component, followed once. */
function resolve(schema: Json | undefined): Json | undefined {
  if (!schema || typeof schema.$ref !== "string") return schema;
  const name = schema.$ref.split("/").pop()!;
  return ((apiDocument().components?.schemas ?? {}) as Record<string, Json>)[name];
}

const operationId = (op: Json) => String(op.operationId).replace(/[^a-zA-Z0-9]+/g, "-");

/** The document's operations of a tag, as [path, method, operation]. */
function operationsOf(tag: string): [string, string, Json][] {
  const paths = apiDocument().paths as Record<string, Record<string, Json>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => (op.tags as string[])?.includes(tag))
      .map(([method, op]) => [path, method, op] as [string, string, Json]),
  );
}

function shell(title: string, base: string, body: string): string {
  const info = apiDocument().info;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — ${escapeHtml(info.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><p><a href="${base}/docs">${escapeHtml(info.title)} v${escapeHtml(info.version)}</a> · <a href="${base}/openapi.json">OpenAPI 3.1 document (openapi.json)</a></p>
<h1>${escapeHtml(title)}</h1></header>
<main>
${body}
</main>
</body>
</html>`;
}

/** The first page: how to call, the errors, and every group with its operations, linked. */
function indexPage(base: string): string {
  const doc = apiDocument() as unknown as Json;
  const tags = (doc.tags as { name: string; description: string }[]) ?? [];
  const intro = String((doc.info as Json).description ?? "")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => line.replace(/^- /, ""))
    .map(inline);
  const groups = tags.map(
    (
      tag,
    ) => `<section aria-labelledby="tag-${tag.name}"><h2 id="tag-${tag.name}"><a href="${base}/docs/${tag.name}">${escapeHtml(tag.name)}</a></h2>
<p>${inline(tag.description)}</p>
<ul>${operationsOf(tag.name)
      .map(
        ([path, method, op]) =>
          `<li><a href="${base}/docs/${tag.name}#${operationId(op)}"><span class="m ${method}">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code></a> ${inline(String(op.summary ?? ""))}</li>`,
      )
      .join("")}</ul></section>`,
  );
  return shell(
    "Reference",
    base,
    `<p>${intro[0] ?? ""}</p>
<ul>${intro
      .slice(1)
      .map((l) => `<li>${l}</li>`)
      .join("")}</ul>
<h2>Errors</h2>
<p>Every refusal is <code>application/problem+json</code> (RFC 9457), the <a href="${base}/docs/schemas#schema-Problem"><code>Problem</code></a> schema, with its message in the language of the path's prefix.</p>
<pre>{"type":"https://rentacar.example/problems/invalid-input","title":"Unprocessable Content","status":422,
 "detail":"Some entries are invalid. Please check the fields marked in red.","code":"invalid_input",
 "errors":{"email":["The email address is not valid"]},"error_codes":{"email":"email_invalid"}}</pre>
${groups.join("\n")}
<h2><a href="${base}/docs/schemas">Schemas</a></h2>`,
  );
}

function groupPage(base: string, tag: { name: string; description: string }): string {
  const ops = operationsOf(tag.name).map(([path, method, op]) => operationHtml(path, method, op));
  return shell(tag.name, base, `<p>${inline(tag.description)}</p>\n${ops.join("\n")}`);
}

function schemasPage(base: string): string {
  const schemas = Object.entries(apiDocument().components?.schemas ?? {}).map(
    ([name, s]) =>
      `<section aria-labelledby="schema-${name}"><h2 id="schema-${name}"><code>${escapeHtml(name)}</code></h2>${table(propertyRows(s as Json)) || `<p><code>${escapeHtml(typeOf(s as Json))}</code></p>`}</section>`,
  );
  return shell("Schemas", base, schemas.join("\n"));
}

const pages = new Map<string, string>();

/**
 * The API's reference (decision 033): the document rendered on the server, without scripts, so it
 * works offline and under a strict CSP; a first page with every operation linked, one page per
 * group of §7, and the schemas, each light enough for a phone. In English, as developer
 * documentation is. `base` is the API's root for the path's language (`/en/api/v1`).
 */
export function referencePage(base: string, section?: string): Response {
  const tag = section
    ? ((apiDocument().tags ?? []) as { name: string; description: string }[]).find((t) => t.name === section)
    : undefined;
  if (section && section !== "schemas" && !tag) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const key = `${base} ${section ?? ""}`;
  let html = pages.get(key);
  if (!html) {
    html = section === "schemas" ? schemasPage(base) : tag ? groupPage(base, tag) : indexPage(base);
    pages.set(key, html);
  }
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": CSP,
      "Cache-Control": "public, max-age=300",
    },
  });
}
