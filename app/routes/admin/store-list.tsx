import { Link } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page";
import { StaffText } from "#app/components/admin/staff-text";
import { AdminTable } from "#app/components/admin/table";
import { adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { listStores } from "#server/stores/stores";
import type { Route } from "./+types/store-list";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  return { stores: await listStores(db, siteId, actor) };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.stores.title"));

export default function AdminStoreList({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const can = useCan();
  return (
    <>
      <AdminPageHeader
        title={t("admin.stores.title")}
        lead={t("admin.stores.lead")}
        actions={
          can("store.create") ? (
            <Link to={path("/stores/new")} className="btn-primary" data-testid="new-store">
              {t("admin.stores.new")}
            </Link>
          ) : null
        }
      />
      <AdminTable
        caption={t("admin.stores.title")}
        testId="stores-table"
        rows={loaderData.stores}
        rowKey={(s) => s.id}
        columns={[
          {
            key: "name",
            header: t("admin.stores.name"),
            cell: (s) => (
              <Link to={path(`/stores/${s.id}`)} className="link tap font-semibold">
                <StaffText ja={s.storeName} en={s.storeNameEn} fallback={`#${s.id}`} />
              </Link>
            ),
          },
          { key: "tel", header: t("admin.stores.tel"), cell: (s) => s.tel || "—" },
          {
            key: "hours",
            header: t("admin.stores.hours"),
            cell: (s) => (s.isOpen24h ? t("admin.stores.open24h") : `${s.businessStartTime}–${s.businessEndTime}`),
          },
          {
            key: "status",
            header: t("admin.stores.status"),
            cell: (s) =>
              s.managementStatus === 1 ? (
                t("admin.stores.statusActive")
              ) : (
                <span className="font-semibold text-red-800">{t("admin.stores.statusClosed")}</span>
              ),
          },
          { key: "vehicles", header: t("admin.stores.vehicles"), numeric: true, cell: (s) => s.vehicles },
          { key: "order", header: t("admin.stores.order"), numeric: true, cell: (s) => s.displayOrder },
        ]}
      />
    </>
  );
}
