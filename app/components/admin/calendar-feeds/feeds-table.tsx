import { Form } from "react-router";
import { AdminTable } from "#app/components/admin/table";
import { CsrfField } from "#app/components/csrf-field";
import { useAdminI18n } from "#app/lib/admin";
import { formatDateTime } from "#common/format";
import type { Route } from "../../../routes/admin/+types/calendar-feeds";

type StoreFeed = Route.ComponentProps["loaderData"]["stores"][number];

/** Each store with its feed (or none), and what may be done with it: make one, replace its URL, revoke it. */
export function FeedsTable({ stores, nameOf }: { stores: StoreFeed[]; nameOf: (s: StoreFeed) => string }) {
  const { t } = useAdminI18n();
  return (
    <section aria-labelledby="calendar-feeds-list" className="grid gap-3">
      <h2 id="calendar-feeds-list" className="text-lg font-bold">
        {t("admin.calendarFeeds.listTitle")}
      </h2>
      <AdminTable
        caption={t("admin.calendarFeeds.listTitle")}
        testId="calendar-feeds-table"
        rows={stores}
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
                  <button type="submit" name="intent" value="create" className="btn-primary" data-testid="feed-create">
                    {t("admin.calendarFeeds.create")}
                    <span className="sr-only">: {nameOf(s)}</span>
                  </button>
                </Form>
              ),
          },
        ]}
      />
    </section>
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
