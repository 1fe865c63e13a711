import type { z } from "zod";

/** Classic and mini schemas alike (the forms' schemas are zod/mini). */
type Schema = z.core.$ZodType;

import type { SessionHandle, SessionMember } from "#app/lib/session.server";
import type { Locale } from "#common/locales";
import type { Db } from "#server/db/client";
import type { AppServices } from "#server/http/context";
import type { ApiKeyPrincipal, ApiScope } from "#server/integrations/api-keys";
import type { SiteBundle } from "#server/sites/site-bundle";

/** The groups of §7, in its order: the reference page and the document's tags follow them. */
export const API_TAGS = [
  { name: "auth", description: "Sign-in for browsers: the CSRF cookie, login, logout, the signed-in member." },
  {
    name: "reservations",
    description: "The site, its car types and calendars, and the booking from search to completion.",
  },
  { name: "stores", description: "Stores, their fees, what they rent and what is free." },
  { name: "mypage", description: "The signed-in member's bookings and account." },
  { name: "users", description: "Registering a member." },
  { name: "drivers", description: "The member's saved drivers." },
  { name: "card-payments", description: "The member's saved cards and card payments." },
  { name: "address", description: "Addresses from a Japanese postal code." },
] as const;
export type ApiTag = (typeof API_TAGS)[number]["name"];

/** Who is calling: a browser (its session cookie, checked against CSRF) or a program with a key. */
export type Caller = { kind: "browser" } | { kind: "key"; key: ApiKeyPrincipal };

/** What every operation's handler gets: the request's site, language, database and caller. */
export interface ApiRequest<Q = unknown, P = unknown, B = unknown> {
  siteId: string;
  bundle: SiteBundle;
  locale: Locale;
  db: Db;
  services: Omit<AppServices, "db" | "acrossSites" | "forSite">;
  request: Request;
  requestId: string;
  clientIp: string;
  now: Date;
  caller: Caller;
  /** The browser's session; null for a program with a key, which has none. */
  session: SessionHandle | null;
  /** The signed-in member, or a 401 asking to log in again. */
  member(): Promise<SessionMember>;
  query: Q;
  params: P;
  body: B;
}

/** An answer other than 200 with the handler's value. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

type Infer<S> = S extends Schema ? z.output<S> : undefined;

/**
 * One operation of §7, declared once: its route, its schemas (the same Zod schemas as the pages'
 * forms for what comes in), who may call it, and its handler. The router and the OpenAPI document
 * are both built from this list, so the document cannot describe a route that does not exist.
 */
export interface Operation<
  Q extends Schema | undefined = Schema | undefined,
  P extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
> {
  method: "get" | "post";
  /** Hono syntax, under `/api/v1`: `/reservations/stores/:storeId/car-types/:id`. */
  path: string;
  tag: ApiTag;
  /** §7's name for it, kept recognisable: `car-types`, `submit-reserve`, `users/login`. */
  operationId: string;
  summary: string;
  description?: string;
  query?: Q;
  params?: P;
  body?: B;
  /** The 2xx body. */
  response: Schema;
  status?: 200 | 201;
  /**
   * Browsers: `anyone` (no session needed), `session` (a guest's or a member's session: the booking
   * in progress), `member` (signed in, else 401), or false (programs only).
   */
  browser: "anyone" | "session" | "member" | false;
  /** The key scope that lets a program call it; false: browsers only. */
  key: ApiScope | false;
  /** An `Idempotency-Key` header is honoured (a POST that creates or pays). */
  idempotent?: boolean;
  /** The problem statuses it may answer, besides 401/403/404/429 that any operation may. */
  problems?: readonly number[];
  handler: (request: ApiRequest<Infer<Q>, Infer<P>, Infer<B>>) => Promise<unknown>;
}

/** Declares an operation with its handler's input typed from its schemas. */
export function operation<
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(spec: Operation<Q, P, B>): Operation {
  return spec as unknown as Operation;
}

/** `/stores/:storeId` → `/stores/{storeId}` for the document. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}");
