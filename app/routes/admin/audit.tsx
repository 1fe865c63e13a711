import { Form, Link } from "react-router";
import { AdminInput, AdminSelect } from "#app/components/admin/fields";
import { AdminPageHeader } from "#app/components/admin/page";
import type { AdminMessageKey } from "#app/i18n/admin";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { adminLocaleOf, requireStaffAccess } from "#app/lib/admin.server";
import { NO_FORM_ERRORS } from "#app/lib/forms";
import { auditEntryViews } from "#app/presenters/audit.server";
import { AUDIT_KINDS, auditFilter, auditFilterQuery } from "#server/audit/audit.schema";
import { AUDIT_PAGE_SIZE, auditNames, auditStaff, listAuditLog } from "#server/audit/audit-log";
import { siteTimeZone } from "#server/sites/site-bundle";
import type { Route } from "./+types/audit";

/**
 * The audit log (owners, issue 41): every change, sign-in and refused attempt, newest first, fifty at
 * a time, each as a sentence with a link to its record; found by who, what, when and booking. Never editable.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request, "audit.read");
  const filter = auditFilter(new URL(request.url).searchParams);
  const rows = await listAuditLog(db, siteId, actor, filter, siteTimeZone(bundle));
  const [names, staff] = await Promise.all([auditNames(db, siteId, rows), auditStaff(db, siteId)]);
  const last = rows.at(-1);
  return {
    filter,
    staff,
    entries: auditEntryViews(rows, names, adminLocaleOf(context) ?? "ja"),
    older: last && rows.length >= AUDIT_PAGE_SIZE ? auditFilterQuery(filter, last.id) : null,
    newest: filter.before ? auditFilterQuery({ ...filter, before: null }) : null,
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.audit.title"));

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const path = useAdminPath();
  const { filter, entries } = loaderData;
  const format = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "ja-JP", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Tokyo",
  });
  const filtered = Boolean(filter.staffId || filter.kind || filter.from || filter.to || filter.reserveNo);
  return (
    <>
      <AdminPageHeader title={t("admin.audit.title")} lead={t("admin.auditLog.lead")} />
      <Form
        method="get"
        className="card mb-4 grid items-end gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_1fr_auto]"
        role="search"
        aria-label={t("admin.auditLog.filter")}
        data-testid="audit-filter"
      >
        <AdminSelect
          name="staff"
          label={t("admin.auditLog.filter.staff")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.staffId ? String(filter.staffId) : ""}
          options={[
            { value: "", label: t("admin.auditLog.filter.all") },
            ...loaderData.staff.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
        />
        <AdminSelect
          name="kind"
          label={t("admin.auditLog.filter.kind")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.kind ?? ""}
          options={[
            { value: "", label: t("admin.auditLog.filter.all") },
            ...AUDIT_KINDS.map((k) => ({ value: k, label: t(`admin.auditLog.kind.${k}` as AdminMessageKey) })),
          ]}
        />
        <AdminInput
          name="from"
          type="date"
          label={t("admin.auditLog.filter.from")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.from ?? ""}
        />
        <AdminInput
          name="to"
          type="date"
          label={t("admin.auditLog.filter.to")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.to ?? ""}
        />
        <AdminInput
          name="reserve"
          label={t("admin.auditLog.filter.reserve")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.reserveNo}
          autoComplete="off"
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary">
            {t("admin.auditLog.filter.apply")}
          </button>
          {filtered ? (
            <Link to={path("/audit")} className="btn-secondary">
              {t("admin.auditLog.filter.clear")}
            </Link>
          ) : null}
        </div>
      </Form>
      {entries.length ? (
        <ol className="card divide-y divide-gray-200" data-testid="audit-log">
          {entries.map((e) => (
            <li
              key={e.id}
              className="grid gap-1 p-4 sm:grid-cols-[10rem_1fr_auto] sm:items-start sm:gap-4"
              data-testid="audit-entry"
              data-action={e.action}
              data-refused={e.refused ? "true" : undefined}
            >
              <time dateTime={e.at} className="text-sm text-gray-700 tabular-nums">
                {format.format(new Date(e.at))}
              </time>
              <div className="grid min-w-0 gap-1">
                <p className="break-words" data-testid="audit-sentence">
                  {e.refused ? (
                    <span className="mr-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800">
                      {t("admin.auditLog.failed")}
                    </span>
                  ) : null}
                  {e.sentence}
                </p>
                <p className="text-sm break-all text-gray-700" data-testid="audit-who">
                  {e.who}
                </p>
                {e.changes.length ? (
                  <details className="text-sm">
                    <summary className="min-h-11 cursor-pointer py-2 font-semibold">
                      {t("admin.audit.changes")} ({e.changes.length})
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
                        {e.changes.map((c) => (
                          <tr key={c.field} data-field={c.field}>
                            <td data-label={t("admin.audit.field")}>{c.field}</td>
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
              </div>
              {e.link ? (
                <Link
                  to={path(e.link)}
                  className="btn-secondary justify-self-start"
                  aria-label={t("admin.auditLog.openRecord", { target: e.sentence })}
                  data-testid="audit-link"
                >
                  {t("admin.auditLog.open")}
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="card p-4" data-testid="audit-empty">
          {t("admin.auditLog.none")}
        </p>
      )}
      <p className="mt-4 flex flex-wrap gap-3">
        {loaderData.newest !== null ? (
          <Link to={path(`/audit?${loaderData.newest}`)} className="btn-secondary">
            {t("admin.audit.newest")}
          </Link>
        ) : null}
        {loaderData.older ? (
          <Link to={path(`/audit?${loaderData.older}`)} className="btn-secondary" data-testid="audit-older">
            {t("admin.audit.older")}
          </Link>
        ) : null}
      </p>
    </>
  );
}
