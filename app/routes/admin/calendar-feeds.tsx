import { data, Form, redirect } from "react-router";
import { adminPath } from "../../../common/admin";
import { calendarFeedPath } from "../../../common/calendar-feed";
import { formatDateTime } from "../../../common/format";
import { createStoreFeed, listStoreFeeds, revokeStoreFeed } from "../../../server/calendar/feeds";
import { isKnownTimeZone } from "../../../server/calendar/ics";
import { notFoundError } from "../../../server/errors";
import { CopyableCode, ShownOnce } from "../../components/admin/copyable-code";
import { AdminPageHeader, AdminSection } from "../../components/admin/page";
import { AdminTable } from "../../components/admin/table";
import { CsrfField } from "../../components/csrf-field";
import { adminMeta, useAdminI18n } from "../../lib/admin";
import { redirectWithAdminFlash, requireStaffAccess } from "../../lib/admin.server";
import { publicOrigin } from "../../lib/seo.server";
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
        <section aria-labelledby="calendar-feeds-list" className="grid gap-3">
          <h2 id="calendar-feeds-list" className="text-lg font-bold">
            {t("admin.calendarFeeds.listTitle")}
          </h2>
          <AdminTable
            caption={t("admin.calendarFeeds.listTitle")}
            testId="calendar-feeds-table"
            rows={loaderData.stores}
            rowKey={(s) => s.storeId}
            empty={t("admin.calendarFeeds.empty")}
            columns={[
              {
                key: "store",
                header: t("admin.calendarFeeds.store"),
                cell: (s) => (
                  <span className="grid">
                    <span className="font-semibold" data-testid="feed-store">
                      {nameOf(s)}
                    </span>
                    {s.active ? null : (
                      <span className="text-sm text-gray-700">{t("admin.calendarFeeds.closedStore")}</span>
                    )}
                  </span>
                ),
              },
              {
                key: "state",
                header: t("admin.calendarFeeds.state"),
                cell: (s) =>
                  s.feed ? (
                    <span data-testid="feed-active">
                      {t("admin.calendarFeeds.activeSince", {
                        date: formatDateTime(new Date(s.feed.createdAt), s.timeZone),
                      })}
                    </span>
                  ) : (
                    <span className="text-gray-700" data-testid="feed-none">
                      {t("admin.calendarFeeds.none")}
                    </span>
                  ),
              },
              {
                key: "actions",
                header: t("admin.calendarFeeds.actions"),
                cell: (s) =>
                  s.feed ? (
                    <div className="flex flex-wrap items-start gap-2">
                      <Confirmed
                        intent="create"
                        fields={{ store_id: s.storeId }}
                        label={t("admin.calendarFeeds.renew")}
                        name={nameOf(s)}
                        confirm={t("admin.calendarFeeds.renewConfirm")}
                        submit={t("admin.calendarFeeds.renewSubmit")}
                        testId="feed-renew"
                      />
                      <Confirmed
                        intent="revoke"
                        fields={{ store_id: s.storeId, feed_id: s.feed.id }}
                        label={t("admin.calendarFeeds.revoke")}
                        name={nameOf(s)}
                        confirm={t("admin.calendarFeeds.revokeConfirm")}
                        submit={t("admin.calendarFeeds.revokeSubmit")}
                        testId="feed-revoke"
                        danger
                      />
                    </div>
                  ) : (
                    <Form method="post">
                      <CsrfField />
                      <input type="hidden" name="store_id" value={s.storeId} />
                      <button
                        type="submit"
                        name="intent"
                        value="create"
                        className="btn-primary"
                        data-testid="feed-create"
                      >
                        {t("admin.calendarFeeds.create")}
                        <span className="sr-only">: {nameOf(s)}</span>
                      </button>
                    </Form>
                  ),
              },
            ]}
          />
        </section>
        <HowToSubscribe />
      </div>
    </>
  );
}

/** The URL, once: selectable text without JavaScript, a copy button with it; the English variant below. */
function CreatedUrl({ store, url }: { store: string; url: string }) {
  const { t } = useAdminI18n();
  return (
    <ShownOnce
      id="calendar-feed-created-title"
      testId="calendar-feed-created"
      title={t("admin.calendarFeeds.createdTitle", { store })}
      warning={t("admin.calendarFeeds.createdWarning")}
    >
      <CopyableUrl label={t("admin.calendarFeeds.urlJa")} url={url} testId="calendar-feed-url" />
      <CopyableUrl label={t("admin.calendarFeeds.urlEn")} url={`${url}?lang=en`} testId="calendar-feed-url-en" />
    </ShownOnce>
  );
}

function CopyableUrl({ label, url, testId }: { label: string; url: string; testId: string }) {
  const { t } = useAdminI18n();
  return (
    <div className="grid gap-2">
      <p className="text-sm font-semibold text-gray-800">{label}</p>
      <CopyableCode
        value={url}
        label={label}
        texts={{
          copy: t("admin.calendarFeeds.copy"),
          copied: t("admin.calendarFeeds.copied"),
          failed: t("admin.calendarFeeds.copyFailed"),
        }}
        testId={testId}
        copyTestId={`${testId}-copy`}
      />
    </div>
  );
}

/** A change that asks first: the button that posts is inside the `<details>`, which works without JavaScript. */
function Confirmed({
  intent,
  fields,
  label,
  name,
  confirm,
  submit,
  testId,
  danger,
}: {
  intent: "create" | "revoke";
  fields: Record<string, number>;
  label: string;
  name: string;
  confirm: string;
  submit: string;
  testId: string;
  danger?: boolean;
}) {
  const tone = danger ? "border-red-700 text-red-800" : "";
  return (
    <details data-testid={testId}>
      <summary className={`btn-secondary w-fit cursor-pointer ${tone}`} data-testid={`${testId}-open`}>
        {label}
        <span className="sr-only">: {name}</span>
      </summary>
      <Form method="post" className="mt-2 grid max-w-xs gap-2">
        <CsrfField />
        {Object.entries(fields).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <p className="text-sm">{confirm}</p>
        <button
          type="submit"
          name="intent"
          value={intent}
          className={
            danger ? "btn-secondary w-fit border-red-700 bg-red-700 text-white hover:bg-red-800" : "btn-primary w-fit"
          }
          data-testid={`${testId}-submit`}
        >
          {submit}
        </button>
      </Form>
    </details>
  );
}

/** Where each calendar app takes a subscription URL. */
function HowToSubscribe() {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.calendarFeeds.howTitle")} testId="calendar-feed-how">
      <ul className="grid list-disc gap-2 ps-5">
        <li>{t("admin.calendarFeeds.howGoogle")}</li>
        <li>{t("admin.calendarFeeds.howOutlook")}</li>
        <li>{t("admin.calendarFeeds.howApple")}</li>
      </ul>
      <p className="text-sm text-gray-700">{t("admin.calendarFeeds.howNote")}</p>
    </AdminSection>
  );
}
