import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { cookieAttributes, isEmbeddedPath, scopedCookieName } from "#common/embedding";
import { readCookie } from "#common/locales";
import {
  createSession,
  deleteMemberSessions,
  deleteSession,
  readSession,
  rotateSession,
  SESSION_TIMEOUTS,
  type SessionData,
  type SessionMember,
  type SessionRecord,
  saveSessionData,
  touchSession,
} from "#server/auth/sessions";
import type { Db } from "#server/db/client";
import type { Logger } from "#server/logger";
import { getSite, services } from "./site.server";

export type { SessionMember };

/**
 * The request's session (docs/decisions/019-accounts-and-sessions.md). The record is read once,
 * lazily: the middleware starts the read at once on every page but the top page, in parallel
 * with the loaders, and only what needs the member waits for it.
 */
export interface SessionHandle {
  /** Whether the browser sent a session cookie (the top page's header goes by this alone). */
  readonly hasCookie: boolean;
  member(): Promise<SessionMember | null>;
  data(): Promise<SessionData>;
  /** Replaces one key of the session's data (`undefined` removes it); starts a guest session if needed. */
  setData(key: string, value: unknown): Promise<void>;
  /** Logs a member in on a new session id, keeping the data (a booking in progress survives). */
  login(memberId: number): Promise<void>;
  /** A new session id for the same member (password change), ending their other sessions. */
  rotate(): Promise<void>;
  logout(): Promise<void>;
}

const sessionContext = createContext<SessionHandle | null>(null);

/**
 * One cookie per site: members belong to a site, and a login on one never opens another. The
 * embedded flow in a client's frame has its own (decision 025).
 */
export const sessionCookieName = (siteId: string, request: Request) =>
  scopedCookieName(`sid_${siteId}`, isEmbeddedPath(new URL(request.url).pathname));

export function sessionCookie(request: Request, siteId: string, token: string | null): string {
  return [
    `${sessionCookieName(siteId, request)}=${token ?? ""}`,
    "Path=/",
    "HttpOnly",
    cookieAttributes(new URL(request.url)),
    `Max-Age=${token ? Math.floor(SESSION_TIMEOUTS.absoluteMs / 1000) : 0}`,
  ].join("; ");
}

/** The site's top page (or its data request): the member is not re-read there (spec §4). */
export const isTopPage = (request: Request) =>
  /^\/(?:(?:en|kr|tw)\/)?[^/]+\/?(?:\.data)?$/.test(new URL(request.url).pathname);

/**
 * The session a request names by its cookie, for one site: read lazily, written back by `finish`
 * (the cookie it sets or clears). The pages' middleware and the JSON API (app/api/) share it, so a
 * browser's API calls see the same member and the same booking in progress as its pages.
 */
export function openSession(input: { db: Db; siteId: string; request: Request; logger: Logger }): {
  handle: SessionHandle;
  /** Starts the read now (in parallel with the rest of the request). */
  prefetch(): void;
  finish(response: Response): Promise<Response>;
} {
  const { db, siteId, request, logger } = input;
  const token = readCookie(request.headers.get("cookie"), sessionCookieName(siteId, request)) || null;
  let record: Promise<SessionRecord | null> | undefined;
  let outgoing: string | undefined;
  let ended = false;

  const load = () => {
    record ??= token
      ? readSession(db, siteId, token).then(async (found) => {
          if (found) await touchSession(db, found);
          return found;
        })
      : Promise.resolve(null);
    return record;
  };
  const setCookie = (value: string | null) => {
    outgoing = sessionCookie(request, siteId, value);
  };
  const replace = (found: SessionRecord | null, memberId: number | null) =>
    rotateSession(db, siteId, found?.idHash ?? null, memberId).then((next) => {
      record = readSession(db, siteId, next);
      setCookie(next);
    });

  const handle: SessionHandle = {
    hasCookie: token !== null,
    member: async () => (await load())?.member ?? null,
    data: async () => (await load())?.data ?? {},
    async setData(key, value) {
      const found = await load();
      const data = { ...(found?.data ?? {}) };
      if (value === undefined) delete data[key];
      else data[key] = value;
      if (found) {
        await saveSessionData(db, found.idHash, data);
        found.data = data;
        return;
      }
      const created = await createSession(db, siteId, { memberId: null, data });
      record = readSession(db, siteId, created);
      setCookie(created);
    },
    async login(memberId) {
      await replace(await load(), memberId);
    },
    async rotate() {
      const found = await load();
      const memberId = found?.member?.id ?? null;
      await replace(found, memberId);
      const current = await load();
      if (memberId !== null && current) await deleteMemberSessions(db, siteId, memberId, current.idHash);
    },
    async logout() {
      const found = await load();
      if (found) await deleteSession(db, found.idHash);
      record = Promise.resolve(null);
      ended = true;
      setCookie(null);
    },
  };
  return {
    handle,
    prefetch: () => {
      if (token) load().catch(() => {});
    },
    async finish(response) {
      // A cookie that names no live session (expired, ended elsewhere, member withdrawn) is cleared:
      // a failed refresh logs the visitor out.
      if (token && !outgoing && !ended && record) {
        const found = await record.catch((error: unknown) => {
          logger.error({ err: error }, "session read failed");
          return undefined;
        });
        if (found === null) setCookie(null);
      }
      if (outgoing) response.headers.append("Set-Cookie", outgoing);
      return response;
    },
  };
}

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  let siteId: string;
  try {
    siteId = getSite(context).siteId;
  } catch {
    return next(); // no site: the 404 page needs no session
  }
  const { db, logger } = services(context);
  const session = openSession({ db, siteId, request, logger });
  context.set(sessionContext, session.handle);
  if (!isTopPage(request)) session.prefetch();
  return session.finish(await next());
};

/** The request's session. Only under a site (the session middleware runs on `:siteId`). */
export function getSession(context: Readonly<RouterContextProvider>): SessionHandle {
  const session = context.get(sessionContext);
  if (!session) throw new Error("no session: getSession outside a site route");
  return session;
}

/** The signed-in member of the request, or null. */
export const getMember = (context: Readonly<RouterContextProvider>) => getSession(context).member();
