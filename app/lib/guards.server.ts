import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { localizePath } from "../../common/locales";
import { redirectWithFlash } from "./flash.server";
import { getSite } from "./site.server";

/** The signed-in member, or null. Set by the session middleware (accounts); null until then. */
export interface SessionUser {
  id: number;
  name: string;
}
export const userContext = createContext<SessionUser | null>(null);

type Context = Readonly<RouterContextProvider>;

/** Where a guard sends a visitor to log in, with the page to come back to. */
function loginPath(context: Context, request: Request): string {
  const { siteId, locale } = getSite(context);
  const url = new URL(request.url);
  const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  return `${localizePath(locale, `/${siteId}/login`)}?${new URLSearchParams({ redirect: back })}`;
}

/**
 * The signed-in member, or a redirect to the login page that returns here (spec §4: My Page
 * requires login). Guards are small `require*` helpers like this one, called first in a loader
 * or action, or wrapped as middleware on a layout (`requireUserMiddleware`).
 */
export function requireUser(context: Context, request: Request): SessionUser {
  const user = context.get(userContext);
  if (!user) throw redirect(loginPath(context, request));
  return user;
}

export const requireUserMiddleware: MiddlewareFunction<Response> = ({ context, request }, next) => {
  requireUser(context, request);
  return next();
};

/**
 * A 401 anywhere in a site (an AppError "unauthorized": the session ended mid-way) becomes the
 * login page with a flash asking to log in again (spec §8), whatever the route.
 */
export const unauthorizedToLogin: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  const response = await next();
  if (response.status !== 401) return response;
  return redirectWithFlash(request, loginPath(context, request), { kind: "danger", key: "flash.loginAgain" });
};
