import { Form } from "react-router";
import { AdminTable } from "#app/components/admin/table";
import { CsrfField } from "#app/components/csrf-field";
import { useAdminI18n } from "#app/lib/admin";
import type { Route } from "../../../routes/admin/+types/api-keys";
import { SCOPE_LABELS } from "./scope-labels";

type Key = Route.ComponentProps["loaderData"]["keys"][number];

/** The site's keys, revoked ones too, with what each may do and when it was last used. */
export function KeysTable({ keys }: { keys: Key[] }) {
  const { t, locale } = useAdminI18n();
  const format = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "ja-JP", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Tokyo",
  });
  const when = (iso: string) => format.format(new Date(iso));
  return (
    <section aria-labelledby="api-keys-list" className="grid gap-3">
      <h2 id="api-keys-list" className="text-lg font-bold">
        {t("admin.apiKeys.listTitle")}
      </h2>
      <AdminTable
        caption={t("admin.apiKeys.listTitle")}
        testId="api-keys-table"
        rows={keys}
        rowKey={(k) => k.id}
        empty={t("admin.apiKeys.empty")}
        columns={[
          {
            key: "name",
            header: t("admin.apiKeys.name"),
            cell: (k) => (
              <span className="grid">
                <span className="font-semibold break-all" data-testid="api-key-name">
                  {k.name}
                </span>
                <code className="text-sm text-gray-700" data-testid="api-key-prefix">
                  {k.prefix}…
                </code>
              </span>
            ),
          },
          {
            key: "scopes",
            header: t("admin.apiKeys.scopes"),
            cell: (k) => k.scopes.map((s) => t(SCOPE_LABELS[s].short)).join(locale === "en" ? ", " : "、"),
          },
          {
            key: "rate",
            header: t("admin.apiKeys.rateLimit"),
            numeric: true,
            cell: (k) => t("admin.apiKeys.perMinute", { count: k.rateLimit.toLocaleString("en-US") }),
          },
          {
            key: "created",
            header: t("admin.apiKeys.created"),
            cell: (k) => (
              <span className="grid">
                <span className="tabular-nums">{when(k.createdAt)}</span>
                {k.createdBy ? (
                  <span className="text-sm text-gray-700 break-all">
                    {t("admin.apiKeys.createdBy", { email: k.createdBy })}
                  </span>
                ) : null}
              </span>
            ),
          },
          {
            key: "used",
            header: t("admin.apiKeys.lastUsed"),
            cell: (k) => (k.lastUsedAt ? when(k.lastUsedAt) : t("admin.apiKeys.never")),
          },
          {
            key: "status",
            header: t("admin.apiKeys.status"),
            cell: (k) =>
              k.revokedAt ? (
                <span data-testid="api-key-revoked">{t("admin.apiKeys.revokedAt", { date: when(k.revokedAt) })}</span>
              ) : (
                <RevokeKey id={k.id} name={k.name} />
              ),
          },
        ]}
      />
    </section>
  );
}

/** Revoking asks first: the button that posts is inside the `<details>`, which works without JavaScript. */
function RevokeKey({ id, name }: { id: number; name: string }) {
  const { t } = useAdminI18n();
  return (
    <details className="group" data-testid="revoke">
      <summary className="btn-secondary w-fit cursor-pointer border-red-700 text-red-800" data-testid="revoke-open">
        {t("admin.apiKeys.revoke")}
        <span className="sr-only">: {name}</span>
      </summary>
      <Form method="post" className="mt-2 grid max-w-xs gap-2">
        <CsrfField />
        <input type="hidden" name="id" value={id} />
        <p className="text-sm">{t("admin.apiKeys.revokeConfirm")}</p>
        <button
          type="submit"
          name="intent"
          value="revoke"
          className="btn-secondary w-fit border-red-700 bg-red-700 text-white hover:bg-red-800"
          data-testid="revoke-submit"
        >
          {t("admin.apiKeys.revokeSubmit")}
        </button>
      </Form>
    </details>
  );
}
