import { redirect } from "react-router";
import { redirectWithFlash } from "#app/lib/flash.server";
import { getSession } from "#app/lib/session.server";
import { getSite } from "#app/lib/site.server";
import { localizePath } from "#common/locales";
import type { Route } from "./+types/logout";

/** Logging out is a POST (CSRF-checked); the session ends on the server and its cookie is cleared. */
export async function action({ context, request }: Route.ActionArgs) {
  const { siteId, locale } = getSite(context);
  await getSession(context).logout();
  return redirectWithFlash(request, localizePath(locale, `/${siteId}`), { kind: "success", key: "logout.flash" });
}

/** A GET (a typed or old link) changes nothing: it goes to the top page. */
export function loader({ context }: Route.LoaderArgs) {
  const { siteId, locale } = getSite(context);
  return redirect(localizePath(locale, `/${siteId}`));
}
