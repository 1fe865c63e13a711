import { data, redirect } from "react-router";
import { CreatedUrl } from "#app/components/admin/calendar-feeds/created-url";
import { FeedsTable } from "#app/components/admin/calendar-feeds/feeds-table";
import { HowToSubscribe } from "#app/components/admin/calendar-feeds/how-to-subscribe";
import { AdminPageHeader } from "#app/components/admin/page";
import { adminMeta, useAdminI18n } from "#app/lib/admin";
import { redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { publicOrigin } from "#app/lib/seo.server";
import { adminPath } from "#common/admin";
import { calendarFeedPath } from "#common/calendar-feed";
import { createStoreFeed, listStoreFeeds, revokeStoreFeed } from "#server/calendar/feeds";
import { isKnownTimeZone } from "#server/calendar/ics";
import { notFoundError } from "#server/errors";
import type { Route } from "./+types/calendar-feeds";

/**
 * `/calendar-feeds` (owners, decision 035): each store's calendar feed of departures and returns.
 * A feed's URL holds its secret, and only the secret's hash is kept, so the URL is shown once, in
 * the answer to the form that made it (the page is no-store); afterwards a store offers "replace
 * with a new URL" and "revoke". Both ask first inside a `<details>`, with or without JavaScript.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const rows = await listStoreFeeds(db, siteId, actor);
  return {
    stores: rows.map((r) => ({
      ...r,
      timeZone: isKnownTimeZone(r.timeZone) ? r.timeZone : "Asia/Tokyo",
      feed: r.feed ? { id: r.feed.id, createdAt: r.feed.createdAt.toISOString() } : null,
    })),
  };
}

/** An id as a form sends it; anything else names nothing (404). */
const formId = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null;

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request, "integrations.manage");
  // A refusal is a 403 before the form is read.
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "revoke") {
    const feedId = formId(form.get("feed_id"));
    const storeId = formId(form.get("store_id"));
    if (feedId === null) throw notFoundError();
    const stores = await listStoreFeeds(db, siteId, actor);
    const store = stores.find((s) => s.storeId === storeId && s.feed?.id === feedId);
    // A second click (or a second tab) finds it revoked already: the list shows that, no error page.
    if (!store) return redirect(adminPath(siteId, "/calendar-feeds"));
    await revokeStoreFeed(db, siteId, actor, feedId);
    return redirectWithAdminFlash(request, adminPath(siteId, "/calendar-feeds"), {
      kind: "success",
      key: "admin.calendarFeeds.revoked",
      params: { store: store.storeName || `#${store.storeId}` },
    });
  }
  if (intent === "create") {
    const storeId = formId(form.get("store_id"));
    if (storeId === null) throw notFoundError();
    const { id, token } = await createStoreFeed(db, siteId, actor, storeId);
    // The URL is in this answer only: never in a flash cookie, a redirect or the loader.
    const url = `${publicOrigin(request, context)}${calendarFeedPath(siteId, token)}`;
    return data({ created: { id, storeId, url } });
  }
  throw notFoundError();
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.calendarFeeds.title"));

export default function AdminCalendarFeeds({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const created = actionData && "created" in actionData ? actionData.created : null;
  const createdStore = created ? loaderData.stores.find((s) => s.storeId === created.storeId) : null;
  const nameOf = (s: { storeName: string; storeNameEn: string | null; storeId: number }) =>
    (locale === "en" && s.storeNameEn) || s.storeName || `#${s.storeId}`;
  return (
    <>
      <AdminPageHeader title={t("admin.calendarFeeds.title")} lead={t("admin.calendarFeeds.lead")} />
      {created ? (
        <CreatedUrl key={created.id} store={createdStore ? nameOf(createdStore) : ""} url={created.url} />
      ) : null}
      <div className="grid gap-6">
        <FeedsTable stores={loaderData.stores} nameOf={nameOf} />
        <HowToSubscribe />
      </div>
    </>
  );
}
