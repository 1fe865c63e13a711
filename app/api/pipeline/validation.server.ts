import { createMiddleware } from "hono/factory";
import { safeParse, type z } from "zod";
import { numbersWhereTextIsDocumented } from "#app/api/number-fields.server";
import { apiDocument } from "#app/api/openapi.server";
import { type Operation, openApiPath } from "#app/api/operation.server";
import { problem, problemOfIssues, problemResponse } from "#app/api/problem.server";
import type { Locale } from "#common/locales";
import type { ApiEnv } from "./env.server";

/** The largest JSON body an operation reads. */
const BODY_LIMIT = 256 * 1024;

/**
 * A JSON body as the forms' schemas read it (decision 033): the same field names, with numbers
 * given as text and a false checkbox left out, so the pages' Zod schema is the API's too.
 */
export function formShaped(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === false) continue;
    if (value === true) out[key] = "1";
    else if (typeof value === "number") out[key] = String(value);
    else if (Array.isArray(value)) out[key] = value.map((v) => (typeof v === "number" ? String(v) : v));
    else out[key] = value;
  }
  return out;
}

async function readJson(request: Request): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const text = await request.text();
  if (text.length > BODY_LIMIT) return { ok: false };
  if (!text.trim()) return { ok: true, value: {} };
  if (type !== "application/json" && !type.endsWith("+json")) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function parse(schema: z.core.$ZodType | undefined, value: unknown, locale: Locale) {
  if (!schema) return { ok: true as const, data: undefined };
  const parsed = safeParse(schema, value);
  return parsed.success
    ? { ok: true as const, data: parsed.data }
    : { ok: false as const, response: problemResponse(problemOfIssues(locale, parsed.error.issues)) };
}

/**
 * The operation's query, path and JSON body through its schemas: a refused query or body is 422
 * with the field map, a refused path 404; a number where the document says text is 422
 * `text_expected`. Sets `query`, `params`, `body` and `rawBody` (the form-shaped body as sent).
 */
export const validationMiddleware = (op: Operation) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    const { locale } = c.var;
    const query = parse(op.query, Object.fromEntries(new URL(c.req.url).searchParams), locale);
    if (!query.ok) return query.response;
    const params = parse(op.params, c.req.param() as Record<string, string>, locale);
    if (!params.ok) return problemResponse(problem(locale, "not_found"));
    let rawBody: unknown;
    if (op.body) {
      const read = await readJson(c.req.raw);
      if (!read.ok) return problemResponse(problem(locale, "invalid_input", { reason: { code: "invalid_input" } }));
      const asText = numbersWhereTextIsDocumented(apiDocument(), openApiPath(op.path), op.method, read.value);
      if (asText.length) {
        const fieldErrors = Object.fromEntries(asText.map((f) => [f, { code: "text_expected" as const }]));
        return problemResponse(problem(locale, "invalid_input", { fieldErrors }));
      }
      rawBody = formShaped(read.value);
    }
    const body = parse(op.body, rawBody ?? {}, locale);
    if (!body.ok) return body.response;
    c.set("query", query.data);
    c.set("params", params.data);
    c.set("body", body.data);
    c.set("rawBody", rawBody);
    await next();
  });
