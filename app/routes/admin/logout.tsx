import { redirect } from "react-router";
import { endAdminSession, getAdminSite, redirectWithAdminFlash } from "#app/lib/admin.server";
import { adminPath } from "#common/admin";
import type { Route } from "./+types/logout";

/** Signing out ends this browser's staff session (a POST, so no link can do it for someone). */
export async function action({ context, request }: Route.ActionArgs) {
  const { siteId } = getAdminSite(context);
  await endAdminSession(context, request);
  return redirectWithAdminFlash(request, adminPath(siteId, "/login"), { kind: "success", key: "admin.logout.flash" });
}

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(adminPath(getAdminSite(context).siteId));
}
