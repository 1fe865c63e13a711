// The reference's operations (decision 033): found in the document, grouped by their first tag,
// each rendered with who may call it, its parameters, its request and its responses.
import { escapeHtml } from "#server/http/escape-html";
import {
  exampleBlock,
  exampleFrom,
  givenExamples,
  inline,
  type Json,
  prose,
  resolveRef,
  schemaTable,
  typeOf,
} from "./reference-schema.server";
import type { ReferenceText } from "./reference-text.server";

export type Operation = { path: string; method: string; op: Json };
const METHODS = ["get", "post", "put", "patch", "delete"];

export function operations(doc: Json): Operation[] {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op })),
  );
}

export function tags(doc: Json): { name: string; description: string }[] {
  const declared = ((doc.tags ?? []) as { name: string; description?: string }[]).map((t) => ({
    name: t.name,
    description: t.description ?? "",
  }));
  const used = new Set(operations(doc).flatMap(({ op }) => ((op.tags as string[]) ?? ["other"]).slice(0, 1)));
  for (const name of used) if (!declared.some((t) => t.name === name)) declared.push({ name, description: "" });
  return declared.filter((t) => used.has(t.name));
}

export const tagOf = (op: Json) => ((op.tags as string[] | undefined) ?? ["other"])[0] ?? "other";
export const anchorOf = (op: Operation) =>
  String(op.op.operationId ?? `${op.method}-${op.path}`)
    .replace(/[^a-zA-Z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
export const methodBadge = (method: string) => `<span class="m ${method}">${method.toUpperCase()}</span>`;

/** Who may call: each security requirement with its scopes. */
function whoMayCall(doc: Json, op: Json, t: ReferenceText): string {
  const requirements = (op.security ?? doc.security) as Json[] | undefined;
  if (!requirements?.length) return t.noSecurity;
  return requirements
    .map((r) => {
      const entries = Object.entries(r);
      if (!entries.length) return t.anyone;
      return entries
        .map(
          ([scheme, scopes]) =>
            `<code>${escapeHtml(scheme)}</code>${(scopes as string[]).length ? ` (${t.scopes}: ${(scopes as string[]).map((s) => `<code>${escapeHtml(s)}</code>`).join(", ")})` : ""}`,
        )
        .join(" + ");
    })
    .join(" / ");
}

function parametersTable(doc: Json, op: Operation, t: ReferenceText): string {
  const pathItem = ((doc.paths as Record<string, Json>)[op.path] ?? {}) as Json;
  const parameters = [...((pathItem.parameters as Json[]) ?? []), ...((op.op.parameters as Json[]) ?? [])].map(
    (p) => resolveRef(doc, p) ?? p,
  );
  if (!parameters.length) return "";
  const rows = parameters.map((p) => {
    const schema = p.schema as Json | undefined;
    const example = p.example ?? (schema ? resolveRef(doc, schema)?.example : undefined);
    return `<tr><th scope="row"><code>${escapeHtml(String(p.name))}</code><span class="ty">${escapeHtml(String(p.in))} · ${escapeHtml(typeOf(doc, schema))}</span>${p.required ? `<span class="rq">${t.required}</span>` : ""}</th><td>${inline(String(p.description ?? schema?.description ?? ""))}${example !== undefined ? `<span class="c">${t.example}: <code>${escapeHtml(String(example))}</code></span>` : ""}</td></tr>`;
  });
  return `<h4>${t.parameters}</h4><div class="tw"><table><thead><tr><th scope="col">${t.field}</th><th scope="col">${t.description}</th></tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
}

/** A request body or response: its fields and its examples (the document's, else one from the schema). */
function contentBlock(doc: Json, holder: Json, t: ReferenceText, caption: string, marks: boolean): string {
  const content = (holder.content ?? {}) as Record<string, Json>;
  return Object.entries(content)
    .map(([mediaType, media]) => {
      const schema = media.schema as Json | undefined;
      const given = givenExamples(doc, media);
      const examples = given.length
        ? given.map(([label, value]) => exampleBlock(value, label ? `${t.example}: ${label}` : t.example)).join("")
        : schema
          ? exampleBlock(exampleFrom(doc, schema), t.exampleGenerated)
          : "";
      return `${schemaTable(doc, schema, t, `${caption} (${mediaType})`, marks)}${examples}`;
    })
    .join("");
}

export function operationHtml(doc: Json, op: Operation, t: ReferenceText): string {
  const id = anchorOf(op);
  const body = resolveRef(doc, op.op.requestBody as Json | undefined);
  const responses = Object.entries((op.op.responses ?? {}) as Record<string, Json>).map(
    ([status, r]) => [status, resolveRef(doc, r) ?? r] as const,
  );
  const ok = responses.filter(([s]) => /^[123]/.test(s));
  const errors = responses.filter(([s]) => !/^[123]/.test(s));
  return `<section aria-labelledby="${id}" class="op">
<h3 id="${id}">${methodBadge(op.method)}<code>${escapeHtml(op.path)}</code></h3>
${op.op.summary ? `<p><strong>${inline(String(op.op.summary))}</strong></p>` : ""}
${prose(op.op.description as string | undefined)}
<p class="who">${t.who}: ${whoMayCall(doc, op.op, t)} · ${t.operationId}: <code>${escapeHtml(String(op.op.operationId ?? ""))}</code></p>
${parametersTable(doc, op, t)}
${body ? `<h4>${t.requestBody}${body.required ? ` <span class="rq">${t.required}</span>` : ""}</h4>${prose(body.description as string | undefined)}${contentBlock(doc, body, t, t.requestBody, true)}` : ""}
<h4>${t.responses}</h4>
${ok.map(([status, r]) => `<p><span class="st">${escapeHtml(status)}</span> ${inline(String(r.description ?? ""))}</p>${contentBlock(doc, r, t, status, false)}`).join("")}
${
  errors.length
    ? `<h4>${t.errors}</h4><div class="tw"><table><thead><tr><th scope="col">${t.status}</th><th scope="col">${t.description}</th></tr></thead><tbody>${errors
        .map(
          ([status, r]) =>
            `<tr><th scope="row"><span class="st">${escapeHtml(status)}</span><span class="ty">${escapeHtml(
              Object.entries((r.content ?? {}) as Record<string, Json>)
                .map(([m, c]) => `${m} ${typeOf(doc, c.schema as Json)}`)
                .join(", "),
            )}</span></th><td>${inline(String(r.description ?? ""))}</td></tr>`,
        )
        .join("")}</tbody></table></div>`
    : ""
}
</section>`;
}
