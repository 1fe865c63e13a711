import { createMiddleware } from "hono/factory";
import { problem, problemResponse } from "#app/api/problem.server";
import { localeFromPath, siteLocales } from "#common/locales";
import type { ApiEnv, JsonApiDeps } from "./env.server";

/** The header that names the site, as §7 asks ("send a site id header"). */
export const SITE_HEADER = "X-Site-Id";
const SITE_ID = /^[a-z0-9][a-z0-9_-]{1,62}$/;

/**
 * The site from `X-Site-Id`, as every page resolves it: unknown, inactive, or not offered in the
 * path's language is 404 (ClientNotFound). Sets `locale`, `siteId`, `db` and `bundle`.
 */
export const siteMiddleware = (deps: JsonApiDeps) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    const locale = localeFromPath(new URL(c.req.url).pathname);
    c.set("locale", locale);
    const siteId = c.req.header(SITE_HEADER)?.trim() ?? "";
    if (!SITE_ID.test(siteId)) return problemResponse(problem(locale, "not_found"));
    const db = deps.database.forSite(siteId);
    const bundle = await deps.services.siteCache.get(db, siteId);
    if (!bundle?.client.isActive || !siteLocales(bundle.settings.supportedLanguages).includes(locale)) {
      deps.services.logger.warn({ requestId: c.get("requestId") ?? "", siteId }, "ClientNotFound");
      return problemResponse(problem(locale, "not_found"));
    }
    c.set("siteId", siteId);
    c.set("db", db);
    c.set("bundle", bundle);
    await next();
  });
