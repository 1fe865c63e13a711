import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import { partnerDocument } from "#app/api/partner/openapi.server";
import { createPartnerApi } from "#app/api/partner/partner-api.server";
import { addDays, localDate } from "#common/calendar-date";
import { type ApiScope, createApiKey } from "#server/integrations/api-keys";
import { apiHarness, ORIGIN } from "#tests/api/harness";
import { OWNER } from "#tests/fixtures/staff-actors";

/**
 * The whole HTTP stack with the API for programs mounted (issue 42), over a fresh database with the
 * demo sites; keys made as the back office makes them.
 */
export async function partnerHarness() {
  const h = await apiHarness();
  // apiHarness mounts the site's API; the build's entry gains the API for programs the same way.
  const { createApp } = await import("#server/http/app");
  const { serverBuild } = await import("#tests/fixtures/server-build");
  const { createJsonApi } = await import("#app/api/api.server");
  const base = serverBuild();
  const build = {
    ...base,
    entry: { module: { ...base.entry.module, createJsonApi, createPartnerApi } },
  } as typeof base;
  const app = createApp({ ...h.services, database: h.handle.server, build, mode: "production" });
  const makeKey = async (scopes: ApiScope[], rateLimit = 1000, siteId = "sakura") =>
    (await createApiKey(h.handle.forSite(siteId), siteId, OWNER, { name: "partner test", scopes, rateLimit })).secret;
  /** A program's request; every answer of an operation is checked against the document. */
  const call = async (path: string, init: RequestInit & { key?: string; json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (init.key) headers.set("Authorization", `Bearer ${init.key}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    const response = await app.request(`${ORIGIN}/api/partner/v1${path}`, { ...init, headers, body });
    await expectDocumented(init.method ?? "GET", path, response);
    return response;
  };
  return { ...h, app, makeKey, call };
}

/** A period this many days ahead at the demo's stores (10:00 to 17:00, two days later). */
export function periodAhead(days: number) {
  const day = addDays(localDate(new Date(), "Asia/Tokyo"), days);
  return { pickup_date: day, pickup_time: "10:00", return_date: addDays(day, 2), return_time: "17:00" };
}

export const CUSTOMER = {
  name: "Jane Traveller",
  email: "jane.partner@example.com",
  tel: "+1 415 555 0100",
  country: "US",
  zip: "94103",
  address: "500 Howard St, San Francisco, CA",
};

const document = partnerDocument(ORIGIN);
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(document as object, "partner");
const validators = new Map<string, ValidateFunction>();
const pointer = (s: string) => s.replaceAll("~", "~0").replaceAll("/", "~1");
type Responses = Record<string, { content?: Record<string, unknown> }>;

/** Each answer's status must be documented for its operation and its body must match that status's schema. */
export async function expectDocumented(method: string, path: string, response: Response): Promise<void> {
  const pathname = path.split("?")[0]!;
  // The document, the problem types and the reference pages describe the API; they are not its operations.
  if (pathname === "/openapi.json" || pathname.startsWith("/problems/") || /^\/docs(\/|$)/.test(pathname)) return;
  const m = method.toLowerCase();
  const paths = document.paths as Record<string, Record<string, { responses: Responses }>>;
  const template = Object.keys(paths).find(
    (t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(pathname) && paths[t]![m],
  );
  if (!template) {
    // No such operation: the 404 problem.
    if (response.status !== 404) throw new Error(`${method} ${pathname}: undocumented, answered ${response.status}`);
    return;
  }
  const documented = paths[template]![m]!.responses[String(response.status)];
  if (!documented) throw new Error(`${method} ${template}: status ${response.status} is not documented`);
  const type = Object.keys(documented.content ?? {})[0]!;
  const got = response.headers.get("content-type") ?? "";
  if (!got.startsWith(type)) throw new Error(`${method} ${template} ${response.status}: ${got}, documented ${type}`);
  const ref = `partner#/paths/${pointer(template)}/${m}/responses/${response.status}/content/${pointer(type)}/schema`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  const body = await response.clone().json();
  if (!validate(body)) {
    throw new Error(
      `${method} ${template} ${response.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
    );
  }
}
