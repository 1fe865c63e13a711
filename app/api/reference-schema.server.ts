import { escapeHtml } from "#server/http/escape-html";
import type { ReferenceText } from "./reference-text.server";

/**
 * Schemas for people (issue 42): any OpenAPI 3.1 schema as a table of its fields, nested objects and
 * arrays of objects indented under their field, `$ref`s followed (once per branch, so a recursive
 * schema ends), and an example made from the schema when the document gives none.
 */

export type Json = Record<string, unknown>;

const MAX_DEPTH = 6;

/** Text with `code` and **strong** marked, as descriptions write them. */
export const inline = (text: string) =>
  escapeHtml(text)
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/`([^`]+)`/g, "<code>$1</code>");

/** Paragraphs and bullet lists of a description (a line starting with `- ` is a bullet). */
export function prose(text: string | undefined): string {
  if (!text) return "";
  const blocks = text.split(/\n\s*\n/);
  return blocks
    .map((block) => {
      const lines = block.split("\n").filter((l) => l.trim());
      const bullets = lines.filter((l) => /^\s*- /.test(l));
      if (bullets.length && bullets.length === lines.length) {
        return `<ul>${lines.map((l) => `<li>${inline(l.replace(/^\s*- /, ""))}</li>`).join("")}</ul>`;
      }
      const lead = lines.filter((l) => !/^\s*- /.test(l));
      return `<p>${inline(lead.join(" "))}</p>${bullets.length ? `<ul>${bullets.map((l) => `<li>${inline(l.replace(/^\s*- /, ""))}</li>`).join("")}</ul>` : ""}`;
    })
    .join("");
}

/** A document's `$ref` (`#/components/schemas/Fees`) followed, or the schema itself. */
export function resolveRef(doc: Json, schema: Json | undefined): Json | undefined {
  let current = schema;
  for (let i = 0; i < 10 && current && typeof current.$ref === "string"; i++) {
    const ref = current.$ref as string;
    if (!ref.startsWith("#/")) return current;
    let target: unknown = doc;
    for (const part of ref.slice(2).split("/")) {
      target = (target as Json | undefined)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
    }
    current = target as Json | undefined;
  }
  return current;
}

const refName = (schema: Json | undefined) =>
  typeof schema?.$ref === "string" ? (schema.$ref as string).split("/").pop() : undefined;

/** The variants of a union, without `null` (shown as "or null"). */
function variants(schema: Json): Json[] | null {
  const list = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  return list ? list.filter((s) => s.type !== "null") : null;
}

const isNullable = (schema: Json) =>
  (Array.isArray(schema.type) && schema.type.includes("null")) ||
  ((schema.anyOf ?? schema.oneOf) as Json[] | undefined)?.some((s) => s.type === "null") === true;

/** A schema's type in a few words: `string`, `Fees`, `array of CarTypeOffer`, `integer or null`. */
export function typeOf(doc: Json, schema: Json | undefined): string {
  if (!schema) return "";
  const name = refName(schema);
  if (name) return name;
  const union = variants(schema);
  const nullable = isNullable(schema) ? " | null" : "";
  if (union) return union.map((s) => typeOf(doc, s)).join(" | ") + nullable;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? "object" : "")])
    .filter((t) => t && t !== "null")
    .map(String);
  const type = types.join(" | ") || "any";
  if (type === "array") return `array of ${typeOf(doc, schema.items as Json) || "any"}${nullable}`;
  const format = schema.format ? ` (${schema.format})` : "";
  return `${type}${format}${nullable}`;
}

/** What a field's description adds: its allowed values, range, pattern and default. */
function constraints(schema: Json, t: ReferenceText): string {
  const parts: string[] = [];
  const own = schema.enum ? schema : (variants(schema) ?? []).find((s) => s.enum);
  if (own?.enum)
    parts.push(
      `${t.oneOf}: ${(own.enum as unknown[]).map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(", ")}`,
    );
  // Zod marks every integer with the safe range: that says nothing to a reader.
  const bound = (v: unknown) => (typeof v === "number" && Math.abs(v) < Number.MAX_SAFE_INTEGER ? v : undefined);
  const [min, max] = [bound(schema.minimum), bound(schema.maximum)];
  if (min !== undefined || max !== undefined) parts.push(`<code>${min ?? ""}…${max ?? ""}</code>`);
  if (typeof schema.pattern === "string") parts.push(`<code>${escapeHtml(schema.pattern)}</code>`);
  if (schema.default !== undefined) parts.push(`= <code>${escapeHtml(JSON.stringify(schema.default))}</code>`);
  return parts.length ? `<span class="c">${parts.join(" · ")}</span>` : "";
}

/** The object a field opens onto (itself, its array's items, a union's object variant), if any. */
function childObject(doc: Json, schema: Json, seen: Set<string>): { schema: Json; seen: Set<string> } | null {
  const name = refName(schema);
  if (name && seen.has(name)) return null;
  const next = name ? new Set([...seen, name]) : seen;
  const resolved = resolveRef(doc, schema);
  if (!resolved) return null;
  if (resolved.properties) return { schema: resolved, seen: next };
  if (resolved.items) return childObject(doc, resolved.items as Json, next);
  const union = variants(resolved);
  const object = union?.find((s) => resolveRef(doc, s)?.properties || resolveRef(doc, s)?.items);
  return object ? childObject(doc, object, next) : null;
}

/** The rows of an object's fields, nested fields indented below their parent. */
function rows(doc: Json, schema: Json, t: ReferenceText, depth: number, seen: Set<string>, marks: boolean): string {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties)
    .map(([name, property]) => {
      const resolved = resolveRef(doc, property) ?? property;
      const description = String(property.description ?? resolved.description ?? "");
      const child = depth < MAX_DEPTH ? childObject(doc, property, seen) : null;
      const row = `<tr><th scope="row" class="d${Math.min(depth, 5)}"><code>${escapeHtml(name)}</code><span class="ty">${escapeHtml(typeOf(doc, property))}</span>${marks && required.has(name) ? `<span class="rq">${t.required}</span>` : ""}</th><td>${inline(description)} ${constraints(resolved, t)}</td></tr>`;
      return row + (child ? rows(doc, child.schema, t, depth + 1, child.seen, marks) : "");
    })
    .join("");
}

/**
 * A schema as a table of its fields, or its type in a line when it has none. `marks`: tag the
 * required fields (what a caller must send); an answer's fields are all there, so it leaves them out.
 */
export function schemaTable(
  doc: Json,
  schema: Json | undefined,
  t: ReferenceText,
  caption?: string,
  marks = true,
): string {
  if (!schema) return "";
  const name = refName(schema);
  const object = childObject(doc, schema, new Set());
  const type = typeOf(doc, schema);
  if (!object) return `<p class="ty1">${caption ? `${escapeHtml(caption)}: ` : ""}<code>${escapeHtml(type)}</code></p>`;
  const label = caption ?? name ?? type;
  return `<div class="tw"><table><caption>${escapeHtml(label)}${name && caption ? ` <code>${escapeHtml(name)}</code>` : ""}${type.startsWith("array") ? ` <span class="ty">${escapeHtml(type)}</span>` : ""}</caption><thead><tr><th scope="col">${t.field}</th><th scope="col">${t.description}</th></tr></thead><tbody>${rows(doc, object.schema, t, 0, object.seen, marks)}</tbody></table></div>`;
}

/** An example value made from a schema: the first enum value, a typical string, an empty array's one item. */
export function exampleFrom(doc: Json, schema: Json | undefined, depth = 0, seen = new Set<string>()): unknown {
  if (!schema || depth > MAX_DEPTH) return null;
  const name = refName(schema);
  if (name) {
    if (seen.has(name)) return {};
    return exampleFrom(doc, resolveRef(doc, schema), depth, new Set([...seen, name]));
  }
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const union = variants(schema);
  if (union?.length) return exampleFrom(doc, union[0], depth, seen);
  const type = (Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type) ?? "object";
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, Json>).map(([k, v]) => [
          k,
          exampleFrom(doc, v, depth + 1, seen),
        ]),
      );
    case "array":
      return [exampleFrom(doc, schema.items as Json, depth + 1, seen)];
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    case "string":
      if (schema.format === "date-time") return "2026-12-01T01:00:00.000Z";
      if (schema.format === "date") return "2026-12-01";
      if (schema.format === "email") return "taro@example.com";
      if (schema.format === "uri") return "https://example.com/";
      return "string";
    default:
      return null;
  }
}

/** A JSON example in a block, with its heading (the document's own, or one made from the schema). */
export function exampleBlock(value: unknown, label: string): string {
  return `<figure class="ex"><figcaption>${escapeHtml(label)}</figcaption><pre tabindex="0"><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre></figure>`;
}

/** The examples a media type or parameter gives (`example`, or each of `examples`), named. */
export function givenExamples(doc: Json, holder: Json | undefined): [string, unknown][] {
  if (!holder) return [];
  if (holder.example !== undefined) return [["", holder.example]];
  const examples = holder.examples as Record<string, Json> | undefined;
  if (!examples) return [];
  return Object.entries(examples).map(([name, e]) => {
    const resolved = resolveRef(doc, e) ?? e;
    return [String(resolved.summary ?? name), resolved.value];
  });
}
