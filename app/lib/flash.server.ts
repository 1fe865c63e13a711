import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { ja } from "#app/i18n/messages/ja";
import { cookieAttributes, isEmbeddedPath, scopedCookieName } from "#common/embedding";
import { readCookie } from "#common/locales";
import { requestContext } from "#server/http/context";
import type { Flash } from "./flash";

/** A message for the next page only (spec §8: success and danger flashes), kept in a short-lived cookie. */
export const FLASH_COOKIE = "flash";
const FLASH_MAX_AGE_SECONDS = 60;

const FlashSchema = z.object({
  kind: z.enum(["success", "danger"]),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string().max(200), z.number()])).optional(),
});

const isPageKey = (key: string) => Object.hasOwn(ja, key);

const flashContext = createContext<Flash | null>(null);

export function encodeFlash(flash: { kind: string; key: string; params?: object }): string {
  return Buffer.from(JSON.stringify(flash)).toString("base64url");
}

/**
 * A flash from the cookie, or null when absent or not one of ours: only the keys `isKey` knows show
 * (the site's messages; the back office passes its own).
 */
export function decodeFlash<F extends { key: string } = Flash>(
  value: string | undefined,
  isKey: (key: string) => boolean = isPageKey,
): F | null {
  if (!value || value.length > 2000) return null;
  try {
    const parsed = FlashSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success && isKey(parsed.data.key) ? (parsed.data as unknown as F) : null;
  } catch {
    return null;
  }
}

const flashCookieName = (request: Request) =>
  scopedCookieName(FLASH_COOKIE, isEmbeddedPath(new URL(request.url).pathname));

function cookie(value: string, maxAge: number, request: Request): string {
  // Not HttpOnly: the browser checks for it to reload the page data after a client-side redirect.
  return `${flashCookieName(request)}=${value}; Path=/; Max-Age=${maxAge}; ${cookieAttributes(new URL(request.url))}`;
}

/** A redirect that shows `flash` on the page it leads to, and only there. */
export function redirectWithFlash(request: Request, to: string, flash: Flash): Response {
  return redirect(to, { headers: { "Set-Cookie": cookie(encodeFlash(flash), FLASH_MAX_AGE_SECONDS, request) } });
}

/**
 * The root's own data request (`RequestInfo.rootDataOnly`) shows no flash, so it must neither take
 * the flash nor clear its cookie: if its answer arrived first, the page's request, sent beside it,
 * would go out without the cookie and the page would show nothing.
 */
export const leavesFlash = (context: Readonly<RouterContextProvider>) => context.get(requestContext).rootDataOnly;

/** Takes the flash off the request (clearing its cookie on the response) for this page's loaders. */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const raw = readCookie(request.headers.get("cookie"), flashCookieName(request));
  if (raw === undefined || leavesFlash(context)) return next();
  context.set(flashContext, decodeFlash(raw));
  const response = await next();
  // A redirect passes the flash on to the page it leads to.
  if (response.status < 300 || response.status >= 400) response.headers.append("Set-Cookie", cookie("", 0, request));
  return response;
};

export const getFlash = (context: Readonly<RouterContextProvider>): Flash | null => context.get(flashContext);
