import { Link } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page";
import { AdminTable } from "#app/components/admin/table";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { listStaff } from "#server/staff/accounts";
import type { Route } from "./+types/staff-list";

/** The owner's view of the staff: who, with which role and stores, and whether they can sign in. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { staff, actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const rows = await listStaff(db, siteId, actor);
  const storeNames = new Map(bundle.stores.map((s) => [s.id, s.storeName]));
  return {
    selfId: staff.id,
    rows: rows.map((r) => ({
      ...r,
      storeNames: r.storeIds.map((id) => storeNames.get(id) ?? `#${id}`),
      lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    })),
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.staff.title"));

export default function AdminStaffList({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const path = useAdminPath();
  const format = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "ja-JP", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Tokyo",
  });
  return (
    <>
      <AdminPageHeader
        title={t("admin.staff.title")}
        lead={t("admin.staff.lead")}
        actions={
          <Link to={path("/staff/new")} className="btn-primary" data-testid="invite-staff">
            {t("admin.staff.invite")}
          </Link>
        }
      />
      <AdminTable
        caption={t("admin.staff.title")}
        testId="staff-table"
        rows={loaderData.rows}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "email",
            header: t("admin.staff.email"),
            cell: (r) => (
              <span className="grid">
                {r.id === loaderData.selfId ? (
                  <span className="font-semibold">{r.email}</span>
                ) : (
                  <Link to={path(`/staff/${r.id}`)} className="link tap font-semibold break-all">
                    {r.email}
                  </Link>
                )}
                {r.name ? <span className="text-gray-700">{r.name}</span> : null}
              </span>
            ),
          },
          { key: "role", header: t("admin.staff.role"), cell: (r) => t(`admin.role.${r.role}`) },
          { key: "stores", header: t("admin.staff.stores"), cell: (r) => r.storeNames.join("、") || "—" },
          {
            key: "status",
            header: t("admin.staff.status"),
            cell: (r) =>
              r.disabled
                ? t("admin.staff.statusDisabled")
                : r.invited
                  ? t("admin.staff.statusInvited")
                  : t("admin.staff.statusActive"),
          },
          { key: "2fa", header: t("admin.staff.twoFactor"), cell: (r) => (r.twoFactor ? "✓" : "—") },
          {
            key: "last",
            header: t("admin.staff.lastLogin"),
            cell: (r) => (r.lastLoginAt ? format.format(new Date(r.lastLoginAt)) : t("admin.staff.never")),
          },
        ]}
      />
    </>
  );
}
