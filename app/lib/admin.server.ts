import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { ADMIN_CATALOGUES, type AdminMessageKey } from "#app/i18n/admin";
import type { TranslateParams } from "#app/i18n/translate";
import {
  ADMIN_LOCALE_COOKIE,
  type AdminLocale,
  adminLocaleFromAcceptLanguage,
  adminPath,
  parseAdminLocale,
} from "#common/admin";
import { cookieAttributes } from "#common/embedding";
import { LOCALE_COOKIE_MAX_AGE, readCookie } from "#common/locales";
import { recordRefusal } from "#server/audit/audit-log";
import { safeReturnPath } from "#server/auth/fields.schema";
import { SESSION_TIMEOUTS } from "#server/auth/sessions";
import type { Db } from "#server/db/client";
import { AppError, notFoundError } from "#server/errors";
import { type AppServices, requestContext } from "#server/http/context";
import type { SiteBundle } from "#server/sites/site-bundle";
import { type Actor, authorize, type Permission } from "#server/staff/permissions";
import type { StaffPrincipal } from "#server/staff/sessions";
import {
  endStaffSession,
  readStaffSession,
  type StaffSessionRecord,
  startStaffSession,
  touchStaffSession,
} from "#server/staff/sessions";
import { decodeFlash, encodeFlash, leavesFlash } from "./flash.server";
import { handleForm, handleIntent } from "./form-action.server";
import { services } from "./site.server";

const SITE_ID = /^[a-z0-9][a-z0-9_-]{1,62}$/;

/** The back office's request (decision 029): its site, the staff member's language and session. */
export interface AdminRequest {
  /** Null when the path names no site with a back office (unknown or inactive client): a 404. */
  site: { siteId: string; bundle: SiteBundle } | null;
  locale: AdminLocale;
  session: StaffSessionRecord | null;
  flash: AdminFlash | null;
  /** The `Set-Cookie` headers this request's changes leave (session, language). */
  cookies: string[];
}

export interface AdminFlash {
  kind: "success" | "danger";
  key: AdminMessageKey;
  params?: TranslateParams;
}

const adminContext = createContext<AdminRequest | null>(null);

type Context = Readonly<RouterContextProvider>;

/** The back office's state of this request, or null outside `/admin/{siteId}`. */
export const adminRequest = (context: Context): AdminRequest | null => context.get(adminContext);

/** The staff member's language on a back-office page (the root loader's), or null on any other page. */
export const adminLocaleOf = (context: Context): AdminLocale | null => adminRequest(context)?.locale ?? null;

/** The site of a back-office page; 404 when there is none. */
export function getAdminSite(context: Context): { siteId: string; bundle: SiteBundle } {
  const site = adminRequest(context)?.site;
  if (!site) throw notFoundError();
  return site;
}

// Cookies: the session (one per site, so a person on the staff of two companies keeps both), the
// language chosen before signing in, and the flash. All scoped to the back office's paths.
const COOKIE_PATH = "/admin";
export const staffCookieName = (siteId: string) => `asid_${siteId}`;
const FLASH_COOKIE = "admin_flash";

function cookie(request: Request, name: string, value: string, maxAge: number, httpOnly = true): string {
  return [
    `${name}=${value}`,
    `Path=${COOKIE_PATH}`,
    ...(httpOnly ? ["HttpOnly"] : []),
    cookieAttributes(new URL(request.url)),
    `Max-Age=${maxAge}`,
  ].join("; ");
}

const isAdminKey = (key: string): key is AdminMessageKey => Object.hasOwn(ADMIN_CATALOGUES.ja, key);

/**
 * Resolves the back office's site, the staff session and the language once per request, on the
 * `/admin/:siteId` layout. The site is read through the same cache as public pages; an unpublished
 * site has its back office as usual, an unknown or inactive client none (404).
 */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ request, context, params }, next) => {
  const { db, siteCache, logger } = services(context);
  const siteId = params.siteId ?? "";
  const bundle = SITE_ID.test(siteId) ? await siteCache.get(db, siteId) : null;
  const site = bundle?.client.isActive ? { siteId: bundle.client.siteId, bundle } : null;
  const cookies = request.headers.get("cookie");
  const token = site ? readCookie(cookies, staffCookieName(site.siteId)) : undefined;
  const session = site && token ? await readStaffSession(db, site.siteId, token) : null;
  if (session) await touchStaffSession(db, session);
  const flashValue = leavesFlash(context) ? undefined : readCookie(cookies, FLASH_COOKIE);
  const state: AdminRequest = {
    site,
    session,
    // This browser's choice first, then the account's (a new browser), then the browser's language.
    locale:
      parseAdminLocale(readCookie(cookies, ADMIN_LOCALE_COOKIE)) ??
      (session && !session.twoFactorPending ? session.staff.locale : null) ??
      adminLocaleFromAcceptLanguage(request.headers.get("accept-language")),
    flash: flashValue ? decodeFlash<AdminFlash>(flashValue, isAdminKey) : null,
    cookies: [],
  };
  // A cookie that names no live session (expired, ended, account disabled) is cleared.
  if (site && token && !session) state.cookies.push(cookie(request, staffCookieName(site.siteId), "", 0));
  context.set(adminContext, state);

  const response = await next();
  // A signed-in member of staff refused a page or an action: the audit log keeps the attempt.
  if (response.status === 403 && site && session && !session.twoFactorPending) {
    const staffId = session.staff.id;
    await recordRefusal(
      db,
      site.siteId,
      { staffId, name: session.staff.email },
      {
        method: request.method,
        path: new URL(request.url).pathname.replace(/\.data$/, ""),
      },
    ).catch((error: unknown) => logger.error({ err: error }, "audit: refusal not recorded"));
  }
  if (flashValue !== undefined && (response.status < 300 || response.status >= 400)) {
    response.headers.append("Set-Cookie", cookie(request, FLASH_COOKIE, "", 0, false));
  }
  for (const value of state.cookies) response.headers.append("Set-Cookie", value);
  // Staff pages hold the company's and its customers' data: never stored, never indexed. A download
  // that already says no-store (a receipt's "private, no-store") keeps its own wording.
  if (!/\bno-store\b/.test(response.headers.get("Cache-Control") ?? ""))
    response.headers.set("Cache-Control", "no-store");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};

/** A redirect that shows `flash` on the page it leads to. */
export function redirectWithAdminFlash(request: Request, to: string, flash: AdminFlash): Response {
  return redirect(to, { headers: { "Set-Cookie": cookie(request, FLASH_COOKIE, encodeFlash(flash), 60, false) } });
}

/** Where a guard sends someone to sign in, with the page to come back to. */
function loginPath(siteId: string, request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  return `${adminPath(siteId, "/login")}?${new URLSearchParams({ redirect: back })}`;
}

/**
 * The signed-in staff member, or a redirect to the login page (or to the code page when the password
 * was right and the second factor is still to come). The routes call it through `requireStaffAccess`.
 */
function requireStaff(context: Context, request: Request): StaffPrincipal {
  const state = adminRequest(context);
  const site = getAdminSite(context);
  const session = state?.session;
  if (!session) throw redirect(loginPath(site.siteId, request));
  if (session.twoFactorPending) throw redirect(adminPath(site.siteId, "/login/two-factor"));
  return session.staff;
}

/** What a back-office loader or action works with: who acts, on which site, through which services. */
export interface StaffAccess {
  staff: StaffPrincipal;
  /** The staff member as the domain functions and the audit log take them. */
  actor: Actor & { staffId: number };
  siteId: string;
  bundle: SiteBundle;
  /** The request's database (the site's scope). */
  db: Db;
  services: AppServices;
}

/**
 * The back office's guard, in one call: the site (404 when unknown), the signed-in staff member (a
 * redirect to the login or the code page otherwise), and, when a permission is
 * named, the right to it (on `storeId` for a store-scoped one): a refusal is a 403 before the form is
 * read. Checks that need a row first (the reservation's store) stay with the action (`authorize`).
 */
export function requireStaffAccess(
  context: Context,
  request: Request,
  permission?: Permission,
  storeId?: number,
): StaffAccess {
  const staff = requireStaff(context, request);
  const { siteId, bundle } = getAdminSite(context);
  const actor = actorOf(staff);
  if (permission) authorize(actor, permission, storeId);
  const all = services(context);
  return { staff, actor, siteId, bundle, db: all.db, services: all };
}

/** Where signing in leads: the back-office page that asked for it, else the back office's home. */
export function afterSignIn(siteId: string, requested: string | null): string {
  const path = safeReturnPath(requested);
  const home = adminPath(siteId);
  return path && (path === home || path.startsWith(`${home}/`)) && !path.startsWith(`${home}/login`) ? path : home;
}

/** Pages for those not signed in (login, invitation, reset): a signed-in member of staff goes home. */
export function requireNoStaff(context: Context): void {
  const state = adminRequest(context);
  const site = getAdminSite(context);
  if (state?.session && !state.session.twoFactorPending) throw redirect(adminPath(site.siteId));
}

/** The staff session waiting for its second factor, or a redirect to the login page. */
export function requirePendingStaff(context: Context): StaffSessionRecord {
  const state = adminRequest(context);
  const site = getAdminSite(context);
  if (!state?.session?.twoFactorPending) throw redirect(adminPath(site.siteId, "/login"));
  return state.session;
}

/** Starts a staff session on a new token (sign-in, or the second factor passed), replacing this browser's old one. */
export async function startAdminSession(
  context: Context,
  request: Request,
  input: { staffId: number; twoFactorPending: boolean },
): Promise<void> {
  const state = adminRequest(context);
  const { siteId } = getAdminSite(context);
  const token = await startStaffSession(services(context).db, siteId, {
    ...input,
    replaces: state?.session?.idHash ?? null,
  });
  state?.cookies.push(cookie(request, staffCookieName(siteId), token, Math.floor(SESSION_TIMEOUTS.absoluteMs / 1000)));
}

/** Ends this browser's staff session. */
export async function endAdminSession(context: Context, request: Request): Promise<void> {
  const state = adminRequest(context);
  const { siteId } = getAdminSite(context);
  if (state?.session) await endStaffSession(services(context).db, state.session.idHash);
  state?.cookies.push(cookie(request, staffCookieName(siteId), "", 0));
}

/** Remembers the language chosen in this browser, for a year (the account keeps it too once signed in). */
export function rememberAdminLocale(context: Context, request: Request, locale: AdminLocale): void {
  adminRequest(context)?.cookies.push(cookie(request, ADMIN_LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE, false));
}

/** Who is acting, for the domain functions and the audit log. */
export function actorOf(staff: StaffPrincipal): Actor & { staffId: number } {
  return { ...staff, staffId: staff.id, name: staff.email };
}

/** The client's address, for the login throttle. */
export const clientIpOf = (context: Context) => context.get(requestContext).clientIp;

/** After a change to the site's configuration: this process reads it again at once (others within a second, decision 002). */
export function invalidateSite(context: Context): void {
  services(context).siteCache.invalidate(getAdminSite(context).siteId);
}

/** A 403 with the back office's message, for actions a role may not take. */
export const forbidden = () => new AppError("forbidden", { reason: { code: "forbidden" } });

interface RowSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * The action of a site-wide settings page (the settings, the cancellation fees, the return charges):
 * the right to edit the site first (a refusal is a 403 before anything is read), then the form by the
 * use case's schema; a save reads the site again and the page says so.
 */
export async function settingsAction<T>(
  context: Context,
  request: Request,
  options: {
    /** The page's path in the back office (`/settings`). */
    path: string;
    schema: RowSchema<T>;
    lists?: readonly string[];
    save: (db: Db, siteId: string, actor: Actor, input: T) => Promise<unknown>;
  },
) {
  const { siteId, db, actor } = requireStaffAccess(context, request, "site.edit");
  const form = await request.formData();
  return handleForm(
    form,
    options.schema,
    async (input) => {
      await options.save(db, siteId, actor, input);
      invalidateSite(context);
      return redirectWithAdminFlash(request, adminPath(siteId, options.path), {
        kind: "success",
        key: "admin.flash.saved",
      });
    },
    { lists: options.lists },
  );
}

/**
 * The action of a back-office page that adds, saves or deletes one row (a store, a class, an option,
 * a news item, …): its delete button (`intent=delete`) runs `remove`; anything else is the form, read
 * by the use case's schema. After a change the site is read again and the page says what was done:
 * a new or saved row opens again (or the list, with `after: "list"`), a deleted one leads to the list.
 * The caller has passed the guard (`requireStaffAccess`) with the right to the change already, so a
 * refusal is a 403 before anything is read.
 */
export async function rowAction<T>(
  access: Pick<StaffAccess, "siteId" | "services">,
  request: Request,
  form: FormData,
  options: {
    /** The row's id, or null on the page that adds one. */
    id: number | null;
    /** The list's path in the back office (`/options`); a row's page is `{list}/{id}`. */
    list: string;
    schema: RowSchema<T>;
    lists?: readonly string[];
    create: (input: T) => Promise<number>;
    update: (id: number, input: T) => Promise<void>;
    remove?: (id: number) => Promise<void>;
    after?: "row" | "list";
  },
) {
  const { siteId } = access;
  const { id, list } = options;
  const done = (rowId: number | null, key: "admin.flash.created" | "admin.flash.saved" | "admin.flash.deleted") => {
    access.services.siteCache.invalidate(siteId);
    const to = rowId === null || options.after === "list" ? list : `${list}/${rowId}`;
    return redirectWithAdminFlash(request, adminPath(siteId, to), { kind: "success", key });
  };
  const { remove } = options;
  if (id !== null && remove && form.get("intent") === "delete") {
    return handleIntent(form, async () => {
      await remove(id);
      return done(null, "admin.flash.deleted");
    });
  }
  return handleForm(
    form,
    options.schema,
    async (input) => {
      if (id === null) return done(await options.create(input), "admin.flash.created");
      await options.update(id, input);
      return done(id, "admin.flash.saved");
    },
    { lists: options.lists },
  );
}
