import type { Caller, Operation } from "#app/api/operation.server";
import type { SessionHandle, SessionMember } from "#app/lib/session.server";
import type { Locale } from "#common/locales";
import type { Db, DbHandle } from "#server/db/client";
import type { AppServices } from "#server/http/context";
import type { SiteBundle } from "#server/sites/site-bundle";

export interface JsonApiDeps {
  database: Pick<DbHandle, "db" | "forSite">;
  services: Omit<AppServices, "db" | "acrossSites" | "forSite">;
}

/** A handler's answer before it is a response: what idempotency stores and replays. */
export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * What each middleware of an operation's pipeline leaves for the next (`c.var`): the site, the
 * caller, the validated input and the answer. `requestId` and `clientIp` come from the server's own
 * middleware (server/http/app.ts).
 */
export type ApiEnv = {
  Variables: {
    requestId?: string;
    clientIp?: string;
    operation: Operation;
    locale: Locale;
    siteId: string;
    db: Db;
    bundle: SiteBundle;
    caller: Caller;
    /** The browser's session; null for a program with a key. */
    session: SessionHandle | null;
    member: () => Promise<SessionMember>;
    query: unknown;
    params: unknown;
    body: unknown;
    /** The body as sent, form-shaped: what the idempotency hash reads. */
    rawBody: unknown;
    answer: Answer;
  };
};

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

/** An answer as the response it is: 204 bare, anything else JSON. */
export const answerResponse = (answer: Answer) =>
  answer.status === 204 ? new Response(null, { status: 204 }) : json(answer.status, answer.body, answer.headers);
