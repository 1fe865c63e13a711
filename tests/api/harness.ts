import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import { createJsonApi } from "#app/api/api.server";
import { apiDocument } from "#app/api/openapi.server";
import { REASON_MESSAGE } from "#app/i18n/labels";
import { CATALOGUES, translate } from "#app/i18n/messages";
import type { Locale } from "#common/locales";

import { seedDemoIfEmpty } from "#server/db/seed/demo";
import { createApp } from "#server/http/app";
import { serverBuild } from "#tests/fixtures/server-build";
import { testServices } from "#tests/fixtures/services";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

export const ORIGIN = "http://127.0.0.1:3000";

/** Each language's path prefix and locale, as the API answers in it. */
export const LANGS: readonly [string, Locale][] = [
  ["", "ja"],
  ["/en", "en"],
  ["/kr", "ko"],
  ["/tw", "zh-TW"],
];

/** A refusal's message in a language, as the API words it. */
export const reason = (locale: Locale, code: keyof typeof REASON_MESSAGE, params?: Record<string, string | number>) =>
  translate(CATALOGUES[locale], REASON_MESSAGE[code], params);

/** A browser's cookies, kept across calls like a cookie jar (name → value). */
export class CookieJar {
  readonly values = new Map<string, string>();
  header(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value && !/Max-Age=0/i.test(line)) this.values.set(name, value);
      else this.values.delete(name);
    }
  }
}

/**
 * The whole HTTP stack (server/http/app.ts) with the JSON API mounted, over a fresh database with
 * the demo sites, without the production build: the API needs none of React Router's pages.
 */
export async function apiHarness(today = new Date()) {
  const handle: TestDb = await createTestDb();
  await seedDemoIfEmpty(handle.owner, today);
  // createApp gives each request its own site scope; these are the services around it.
  const services = testServices(handle.forSite(""));
  const base = serverBuild();
  const build = { ...base, entry: { module: { ...base.entry.module, createJsonApi } } } as typeof base;
  const app = createApp({ ...services, database: handle.server, build, mode: "production" });
  /** A request as a browser or a program sends it (`ORIGIN` + path); every API answer is checked against the document. */
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await app.request(`${ORIGIN}${path}`, init);
    if (/^(?:\/(?:en|kr|tw))?\/api\/v1\//.test(path) && !/\/(?:openapi\.json|docs)$/.test(path.split("?")[0]!)) {
      await expectDocumented({ method: init.method ?? "GET", url: `${ORIGIN}${path}` }, response);
    }
    return response;
  };
  return { handle, services, app, call };
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(apiDocument() as object, "api");
const validators = new Map<string, ValidateFunction>();

/** The document's operation for a request: its path template and method, or null. */
export function operationOf(method: string, pathname: string): { template: string; method: string } | null {
  const path = pathname.replace(/^\/(?:en|kr|tw)(?=\/)/, "").replace(/^\/api\/v1/, "");
  const m = method.toLowerCase();
  for (const template of Object.keys(apiDocument().paths ?? {})) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    if (pattern.test(path) && (apiDocument().paths as Record<string, Record<string, unknown>>)[template]![m]) {
      return { template, method: m };
    }
  }
  return null;
}

const pointer = (s: string) => s.replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * Every answer of an operation checked against the OpenAPI document (issue 25's contract test):
 * its status must be documented and its body must match that status's schema. Throws otherwise.
 */
export async function expectDocumented(request: { method: string; url: string }, response: Response): Promise<void> {
  const url = new URL(request.url);
  const op = operationOf(request.method, url.pathname);
  if (!op) throw new Error(`${request.method} ${url.pathname}: not in the OpenAPI document`);
  const responses = (
    apiDocument().paths as Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>
    >
  )[op.template]![op.method]!.responses;
  const documented = responses[String(response.status)];
  if (!documented) throw new Error(`${request.method} ${op.template}: status ${response.status} is not documented`);
  const type = Object.keys(documented.content ?? {})[0];
  if (!type) return;
  const ref = `api#/paths/${pointer(op.template)}/${op.method}/responses/${response.status}/content/${pointer(type)}/schema`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  const body = await response.clone().json();
  if (!validate(body)) {
    throw new Error(
      `${request.method} ${op.template} ${response.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
    );
  }
  covered.add(`${op.method.toUpperCase()} ${op.template} ${response.status}`);
}

/** What the contract tests saw: `GET /users/me 401`, … */
export const covered = new Set<string>();
