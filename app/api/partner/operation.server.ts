import type { z } from "zod";
import type { JsonApiDeps } from "#app/api/pipeline/env.server";
import type { Db } from "#server/db/client";
import type { ApiKeyPrincipal, ApiScope } from "#server/integrations/api-keys";
import type { SiteBundle } from "#server/sites/site-bundle";
import type { ProblemReason } from "./problems.server";

type Schema = z.core.$ZodType;
type Infer<S> = S extends Schema ? z.output<S> : undefined;

/** The scopes of the API for programs (a key's older `bookings` grants both reservation scopes). */
export type PartnerScope = Extract<ApiScope, "catalog:read" | "reservations:read" | "reservations:write">;

export const PARTNER_TAGS = [
  { name: "Catalog", description: "Stores, car types and what is free: read with `catalog:read`." },
  {
    name: "Reservations",
    description:
      "Quotes, bookings, changes and cancellations: `reservations:read` to read, `reservations:write` to write.",
  },
] as const;

/** What a handler gets: the key's site and the validated input. */
export interface PartnerRequest<Q = unknown, P = unknown, B = unknown> {
  siteId: string;
  bundle: SiteBundle;
  db: Db;
  services: JsonApiDeps["services"];
  key: ApiKeyPrincipal;
  /** The origin of links and problem types: `PUBLIC_ORIGIN`, else the request's. */
  origin: string;
  request: Request;
  requestId: string;
  idempotencyKey: string | null;
  now: Date;
  query: Q;
  params: P;
  body: B;
  /** The body as sent: what the idempotency hash reads. */
  rawBody: unknown;
}

/** An example of a request or an answer, shown in the document (and checked against its schema by the linters). */
export interface Example {
  summary: string;
  value: unknown;
}

/**
 * One operation of the API for programs, declared once: the router, the checks and the OpenAPI
 * document are all built from it, so the document describes the routes that exist.
 */
export interface PartnerOperation<
  Q extends Schema | undefined = Schema | undefined,
  P extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
> {
  method: "get" | "post" | "patch";
  /** Hono syntax under `/api/partner/v1`: `/reservations/:reservationNumber`. */
  path: string;
  tag: (typeof PARTNER_TAGS)[number]["name"];
  operationId: string;
  summary: string;
  description: string;
  scope: PartnerScope;
  query?: Q;
  params?: P;
  body?: B;
  /** Examples of the body, by name. */
  bodyExamples?: Record<string, Example>;
  response: Schema;
  responseExamples: Record<string, Example>;
  status?: 200 | 201;
  /** `Idempotency-Key` is required, and a retry gets the first answer again. */
  idempotent?: boolean;
  /** The reasons it may answer beyond those of every operation (keys, scope, site, rate limit, 500). */
  problems: readonly ProblemReason[];
  handler: (request: PartnerRequest<Infer<Q>, Infer<P>, Infer<B>>) => Promise<unknown>;
}

export function partnerOperation<
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(spec: PartnerOperation<Q, P, B>): PartnerOperation {
  return spec as unknown as PartnerOperation;
}

/** The reasons any operation may answer. */
export const COMMON_REASONS: readonly ProblemReason[] = [
  "missing-api-key",
  "invalid-api-key",
  "revoked-api-key",
  "insufficient-scope",
  "unknown-site",
  "rate-limited",
  "internal-error",
];
