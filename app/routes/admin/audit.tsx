import { Link } from "react-router";
import { listAuditLog } from "../../../server/audit/audit-log";
import { AdminPageHeader } from "../../components/admin/page";
import { adminMeta, useAdminI18n, useAdminPath } from "../../lib/admin";
import { requireStaffAccess } from "../../lib/admin.server";
import type { Route } from "./+types/audit";

/** The audit log (owners): every change, newest first, fifty at a time; never editable. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const before = Number(new URL(request.url).searchParams.get("before"));
  const rows = await listAuditLog(db, siteId, actor, {
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
  });
  return {
    paged: Number.isSafeInteger(before) && before > 0,
    rows: rows.map((r) => ({
      id: r.id,
      at: r.at,
      actor: r.actor,
      command: r.staffId === null,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      changes: changeRows(r.before, r.after),
    })),
  };
}

/** Field by field: what it was and what it became. */
function changeRows(before: unknown, after: unknown): { field: string; before: string; after: string }[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const show = (v: unknown) =>
    v === undefined || v === null || v === "" ? "—" : typeof v === "string" ? v : JSON.stringify(v);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].map((field) => ({
    field,
    before: show(b[field]),
    after: show(a[field]),
  }));
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.audit.title"));

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const path = useAdminPath();
  const format = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "ja-JP", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: "Asia/Tokyo",
  });
  const last = loaderData.rows.at(-1);
  return (
    <>
      <AdminPageHeader title={t("admin.audit.title")} lead={t("admin.audit.lead")} />
      <ol className="grid gap-3" data-testid="audit-log">
        {loaderData.rows.map((r) => (
          <li
            key={r.id}
            className="card grid gap-2 p-4"
            data-testid="audit-entry"
            data-action={r.action}
            data-entity={r.entity}
          >
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <span className="tabular-nums">{format.format(new Date(r.at))}</span>
              <span className="font-semibold break-all">
                {r.actor}
                {r.command ? ` (${t("admin.audit.command")})` : ""}
              </span>
              <code className="rounded bg-gray-100 px-1.5">{r.action}</code>
              <span>
                {r.entity}
                {r.entityId ? ` #${r.entityId}` : ""}
              </span>
            </p>
            {r.changes.length ? (
              <details className="text-sm">
                <summary className="min-h-11 cursor-pointer py-2 font-semibold">
                  {t("admin.audit.changes")} ({r.changes.length})
                </summary>
                <table className="admin-table">
                  <caption className="sr-only">{t("admin.audit.changes")}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.audit.field")}</th>
                      <th scope="col">{t("admin.audit.before")}</th>
                      <th scope="col">{t("admin.audit.after")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.changes.map((c) => (
                      <tr key={c.field} data-field={c.field}>
                        <td data-label={t("admin.audit.field")}>
                          <code>{c.field}</code>
                        </td>
                        <td
                          data-label={t("admin.audit.before")}
                          className="break-all whitespace-pre-wrap"
                          data-testid="audit-before"
                        >
                          {c.before}
                        </td>
                        <td
                          data-label={t("admin.audit.after")}
                          className="break-all whitespace-pre-wrap"
                          data-testid="audit-after"
                        >
                          {c.after}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            ) : null}
          </li>
        ))}
      </ol>
      <p className="mt-4 flex flex-wrap gap-3">
        {loaderData.paged ? (
          <Link to={path("/audit")} className="btn-secondary">
            {t("admin.audit.newest")}
          </Link>
        ) : null}
        {last && loaderData.rows.length >= 50 ? (
          <Link to={`${path("/audit")}?before=${last.id}`} className="btn-secondary" data-testid="audit-older">
            {t("admin.audit.older")}
          </Link>
        ) : null}
      </p>
    </>
  );
}
