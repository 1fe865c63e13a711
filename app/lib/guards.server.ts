import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { localizePath } from "#common/locales";
import { redirectWithFlash } from "./flash.server";
import { getMember, type SessionMember } from "./session.server";
import { getSite } from "./site.server";

type Context = Readonly<RouterContextProvider>;

/** Where a guard sends a visitor to log in, with the page to come back to. */
export function loginPath(context: Context, request: Request): string {
  const { siteId, locale } = getSite(context);
  const url = new URL(request.url);
  // A client-side navigation asks for `/page.data?_routes=…`: come back to the page itself.
  url.searchParams.delete("_routes");
  const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  return `${localizePath(locale, `/${siteId}/login`)}?${new URLSearchParams({ redirect: back })}`;
}

/**
 * The signed-in member, or a redirect to the login page that returns here (spec §4: My Page
 * requires login). Guards are small `require*` helpers like this one, called first in a loader
 * or action, or wrapped as middleware on a layout (`requireUserMiddleware`).
 */
export async function requireUser(context: Context, request: Request): Promise<SessionMember> {
  const member = await getMember(context);
  if (!member) throw redirect(loginPath(context, request));
  return member;
}

export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  await requireUser(context, request);
  return next();
};

/** A guest-only page (login, registration): a signed-in member goes to the search page (spec §4). */
export async function requireGuest(context: Context): Promise<void> {
  if (await getMember(context)) {
    const { siteId, locale } = getSite(context);
    throw redirect(localizePath(locale, `/${siteId}/reserve`));
  }
}

/**
 * A 401 anywhere in a site (an AppError "unauthorized": the session ended mid-way) becomes the
 * login page with a flash asking to log in again (spec §8), whatever the route.
 */
export const unauthorizedToLogin: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  const response = await next();
  if (response.status !== 401) return response;
  return redirectWithFlash(request, loginPath(context, request), { kind: "danger", key: "flash.loginAgain" });
};
