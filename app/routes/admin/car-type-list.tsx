import { Link } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page";
import { StaffText } from "#app/components/admin/staff-text";
import { AdminTable } from "#app/components/admin/table";
import { codeLabel, MISSION_LABEL } from "#app/i18n/labels";
import { adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { useI18n } from "#app/lib/i18n";
import { listCarTypes } from "#server/catalog/car-types";
import type { Route } from "./+types/car-type-list";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  return { carTypes: await listCarTypes(db, siteId, actor) };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.carTypes.title"));

export default function AdminCarTypeList({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const { t: pageT } = useI18n();
  const path = useAdminPath();
  const can = useCan();
  return (
    <>
      <AdminPageHeader
        title={t("admin.carTypes.title")}
        lead={t("admin.carTypes.lead")}
        actions={
          can("catalog.edit") ? (
            <Link to={path("/car-types/new")} className="btn-primary" data-testid="new-car-type">
              {t("admin.carTypes.new")}
            </Link>
          ) : null
        }
      />
      <AdminTable
        caption={t("admin.carTypes.title")}
        testId="car-types-table"
        rows={loaderData.carTypes}
        rowKey={(c) => c.id}
        columns={[
          {
            key: "name",
            header: t("admin.carTypes.name"),
            cell: (c) => (
              <span className="inline-flex items-center gap-3">
                {c.cover ? (
                  <img src={c.cover} alt="" width={64} height={40} className="h-10 w-16 rounded object-cover" />
                ) : null}
                <Link to={path(`/car-types/${c.id}`)} className="link tap font-semibold">
                  <StaffText ja={c.typeName} en={c.typeNameEn} fallback={`#${c.id}`} />
                </Link>
              </span>
            ),
          },
          {
            key: "class",
            header: t("admin.carTypes.class"),
            cell: (c) => <StaffText ja={c.className} en={c.classNameEn} />,
          },
          {
            key: "facts",
            header: t("admin.carTypes.sectionSpecs"),
            cell: (c) =>
              `${pageT("car.capacityValue", { n: c.capacity })} · ${pageT(codeLabel(MISSION_LABEL, c.transmission))}`,
          },
          {
            key: "published",
            header: t("admin.carTypes.published"),
            cell: (c) =>
              c.isPublished ? (
                t("admin.carTypes.statusPublished")
              ) : (
                <span className="font-semibold text-red-800">{t("admin.carTypes.statusHidden")}</span>
              ),
          },
          { key: "vehicles", header: t("admin.carTypes.vehicles"), numeric: true, cell: (c) => c.vehicles },
          { key: "order", header: t("admin.carTypes.order"), numeric: true, cell: (c) => c.displayOrder },
        ]}
      />
    </>
  );
}
