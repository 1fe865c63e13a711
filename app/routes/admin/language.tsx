import { redirect } from "react-router";
import { adminRequest, getAdminSite, rememberAdminLocale } from "#app/lib/admin.server";
import { services } from "#app/lib/site.server";
import { adminPath, parseAdminLocale } from "#common/admin";
import { safeReturnPath } from "#server/auth/fields.schema";
import { setStaffLocale } from "#server/staff/accounts";
import type { Route } from "./+types/language";

/**
 * The back office's language, Japanese or English: kept on the signed-in account (so it follows the
 * person to another browser), and in a cookie for the login pages.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { siteId } = getAdminSite(context);
  const form = await request.formData();
  const locale = parseAdminLocale(String(form.get("locale") ?? ""));
  const back = safeReturnPath(String(form.get("redirect") ?? ""));
  const home = adminPath(siteId);
  const next = back && (back === home || back.startsWith(`${home}/`)) ? back : home;
  if (locale) {
    const session = adminRequest(context)?.session;
    if (session && !session.twoFactorPending)
      await setStaffLocale(services(context).db, siteId, session.staff.id, locale);
    rememberAdminLocale(context, request, locale);
  }
  return redirect(next);
}

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(adminPath(getAdminSite(context).siteId));
}
