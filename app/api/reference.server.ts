import type { Locale } from "../../common/locales";
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
h3{font-size:1.05rem;margin:1.5rem 0 .25rem;overflow-wrap:anywhere}
code,pre{font-family:ui-monospace,"SFMono-Regular",Menlo,monospace;font-size:.9em}
pre{background:#f6f8fa;padding:.75rem;white-space:pre-wrap;border-radius:6px}
.m{display:inline-block;min-width:3.2rem;text-align:center;border-radius:4px;color:#fff;font-weight:700;font-size:.8rem;padding:0 .3rem;margin-right:.4rem}
.get{background:#0a6e31}.post{background:#0550ae}
main{overflow-wrap:anywhere}
table{display:block;overflow-x:auto;border-collapse:collapse;max-width:100%;margin:.25rem 0 .75rem}th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}nav ul{columns:2;padding-left:1.2rem}a{color:#0550ae}
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

/** The properties of an object schema as table rows. */
function propertyRows(schema: Json | undefined): string {
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(properties)
    .map(
      ([name, p]) =>
        `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? " *" : ""}</td><td><code>${escapeHtml(typeOf(p))}</code></td><td>${escapeHtml(String(p.description ?? ""))}</td></tr>`,
    )
    .join("");
}

const table = (rows: string, first = "Field") =>
  rows
    ? `<table><thead><tr><th scope="col">${first}</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${rows}</tbody></table>`
    : "";

function operationHtml(path: string, method: string, op: Json): string {
  const id = String(op.operationId).replace(/[^a-zA-Z0-9]+/g, "-");
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
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(String(p.name))}</code> (${escapeHtml(String(p.in))})${p.required ? " *" : ""}</td><td><code>${escapeHtml(typeOf(p.schema as Json))}</code></td><td>${escapeHtml(String(p.description ?? (p.schema as Json)?.description ?? ""))}</td></tr>`,
    )
    .join("");
  const body = ((op.requestBody as Json)?.content as Json)?.["application/json"] as Json | undefined;
  const bodySchema = resolve(body?.schema as Json);
  const responses = Object.entries((op.responses as Record<string, Json>) ?? {})
    .map(([status, r]) => {
      const schema = (Object.values((r.content as Json) ?? {})[0] as Json | undefined)?.schema as Json | undefined;
      return `<tr><td>${escapeHtml(status)}</td><td><code>${escapeHtml(typeOf(schema))}</code></td><td>${escapeHtml(String(r.description ?? ""))}</td></tr>`;
    })
    .join("");
  return `<section aria-labelledby="${id}">
<h3 id="${id}"><span class="m ${method}">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(String(op.summary ?? ""))}</p>
${op.description ? `<p>${escapeHtml(String(op.description))}</p>` : ""}
<p class="who">For: ${who}. Operation: <code>${escapeHtml(String(op.operationId))}</code></p>
${table(params, "Parameter")}
${bodySchema ? `<p>Request body (JSON):</p>${table(propertyRows(bodySchema)) || `<p><code>${escapeHtml(typeOf(bodySchema))}</code></p>`}` : ""}
<p>Responses:</p>${table(responses, "Status")}
</section>`;
}

/** A `$ref` to a component, followed once. */
function resolve(schema: Json | undefined): Json | undefined {
  if (!schema || typeof schema.$ref !== "string") return schema;
  const name = schema.$ref.split("/").pop()!;
  return ((apiDocument().components?.schemas ?? {}) as Record<string, Json>)[name];
}

let cached: string | undefined;

function render(): string {
  const doc = apiDocument() as unknown as Json;
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const tags = (doc.tags as { name: string; description: string }[]) ?? [];
  const sections = tags.map((tag) => {
    const ops = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => (op.tags as string[])?.includes(tag.name))
        .map(([method, op]) => operationHtml(path, method, op)),
    );
    return `<section aria-labelledby="tag-${tag.name}"><h2 id="tag-${tag.name}">${escapeHtml(tag.name)}</h2><p>${escapeHtml(tag.description)}</p>${ops.join("\n")}</section>`;
  });
  const schemas = Object.entries((doc.components as Json)?.schemas ?? {}).map(
    ([name, s]) =>
      `<section aria-labelledby="schema-${name}"><h3 id="schema-${name}"><code>${escapeHtml(name)}</code></h3>${table(propertyRows(s as Json)) || `<p><code>${escapeHtml(typeOf(s as Json))}</code></p>`}</section>`,
  );
  const intro = String((doc.info as Json).description ?? "")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => line.replace(/^- /, ""))
    .map((line) =>
      escapeHtml(line)
        .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
        .replace(/`([^`]+)`/g, "<code>$1</code>"),
    );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(String((doc.info as Json).title))} — reference</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(String((doc.info as Json).title))} <small>v${escapeHtml(String((doc.info as Json).version))}</small></h1>
<p><a href="openapi.json">OpenAPI 3.1 document (openapi.json)</a></p></header>
<main>
<p>${intro[0] ?? ""}</p>
<ul>${intro
    .slice(1)
    .map((l) => `<li>${l}</li>`)
    .join("")}</ul>
<nav aria-label="Groups"><ul>${tags.map((t) => `<li><a href="#tag-${t.name}">${escapeHtml(t.name)}</a></li>`).join("")}<li><a href="#schemas">schemas</a></li></ul></nav>
<h2>Errors</h2>
<p>Every refusal is <code>application/problem+json</code> (RFC 9457), the <a href="#schema-Problem"><code>Problem</code></a> schema, with its message in the language of the path's prefix.</p>
<pre>{"type":"https://rentacar.example/problems/invalid-input","title":"Unprocessable Content","status":422,
 "detail":"Some entries are invalid. Please check the fields marked in red.","code":"invalid_input",
 "errors":{"email":["The email address is not valid"]},"error_codes":{"email":"email_invalid"}}</pre>
${sections.join("\n")}
<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>${schemas.join("\n")}</section>
</main>
</body>
</html>`;
}

/**
 * The API's reference page (decision 033): the document rendered on the server, without scripts,
 * so it works offline and under a strict CSP. In English, as developer documentation is.
 */
export function referencePage(_locale: Locale): Response {
  cached ??= render();
  return new Response(cached, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": CSP,
      "Cache-Control": "public, max-age=300",
    },
  });
}
