import { type Context, Hono } from "hono";
import type { JsonApiDeps } from "#app/api/pipeline/env.server";
import { referenceLocale, referenceResponse, renderReference } from "#app/api/reference.server";
import { AppError } from "#server/errors";
import { partnerErrorOf } from "./errors.server";
import { partnerDocument } from "./openapi.server";
import type { PartnerOperation } from "./operation.server";
import { PARTNER_OPERATIONS } from "./operations.server";
import { admit, once, originOf } from "./pipeline.server";
import {
  PARTNER_BASE,
  PartnerError,
  PROBLEM_KINDS,
  type ProblemReason,
  partnerProblem,
  problemJson,
  problemType,
} from "./problems.server";

type PartnerEnv = { Variables: { requestId?: string; rateHeaders?: Record<string, string> } };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });

/**
 * The API for programs (issue 42) at `/api/partner/v1`, beside the site's own API (§7): keys only,
 * the site from the key, its own document at `/openapi.json` and a description of each problem
 * type at `/problems/{reason}`. Each operation is `admit` (key, site, rate limit, scope, input),
 * then its handler over the domain, once per `Idempotency-Key` when it takes one.
 */
export function createPartnerApi(deps: JsonApiDeps) {
  const api = new Hono<PartnerEnv>();
  api.get("/openapi.json", (c) =>
    json(200, partnerDocument(originOf(deps, c.req.raw)), {
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    }),
  );
  // The reference (issue 42 item 4): the same renderer as §7's, over this document, in English or Japanese.
  const pages = new Map<string, string | null>();
  const docs = (c: Context<PartnerEnv>, section: string | undefined) => {
    const origin = originOf(deps, c.req.raw);
    const locale = referenceLocale(new URL(c.req.url), "en");
    const key = `${origin} ${section ?? ""} ${locale}`;
    if (!pages.has(key))
      pages.set(key, renderReference(partnerDocument(origin), locale, { base: PARTNER_BASE, section }));
    return referenceResponse(pages.get(key) ?? null);
  };
  api.get("/docs", (c) => docs(c, undefined));
  api.get("/docs/:section", (c) => docs(c, c.req.param("section")));
  api.get("/problems/:reason", (c) => {
    const reason = c.req.param("reason") as ProblemReason;
    const kind = PROBLEM_KINDS[reason];
    if (!kind) throw new PartnerError("not-found", `No problem type ${reason}.`);
    const origin = originOf(deps, c.req.raw);
    return json(200, { type: problemType(origin, reason), ...kind }, { "Cache-Control": "public, max-age=3600" });
  });
  for (const op of PARTNER_OPERATIONS) {
    api.on(op.method.toUpperCase(), op.path, (c) => handle(deps, op, c));
  }
  api.all("*", (c) => {
    throw new PartnerError("not-found", `No operation ${c.req.method} ${c.req.path}.`);
  });
  api.onError((error, c) => {
    const at = { path: c.req.path, requestId: c.get("requestId") ?? "" };
    const origin = originOf(deps, c.req.raw);
    const rate = c.get("rateHeaders") ?? {};
    const refusal = error instanceof AppError ? partnerErrorOf(error, "not-found") : error;
    if (refusal instanceof PartnerError) {
      const body = partnerProblem(origin, refusal.reason, refusal.detail, at, refusal.extra);
      return problemJson(body, { ...rate, ...refusal.headers });
    }
    deps.services.logger.error({ err: error, requestId: at.requestId, path: at.path }, "partner api operation failed");
    return problemJson(partnerProblem(origin, "internal-error", "The server failed.", at), rate);
  });
  return api;
}

async function handle(deps: JsonApiDeps, op: PartnerOperation, c: Context<PartnerEnv>) {
  const rate: Record<string, string> = {};
  c.set("rateHeaders", rate);
  const req = await admit(deps, op, c, rate);
  const answer = await once(req, op, async () => ({ status: op.status ?? 200, body: await op.handler(req) }));
  return json(answer.status, answer.body, { ...rate, ...(answer.replayed ? { "Idempotent-Replayed": "true" } : {}) });
}

export { PARTNER_BASE };
