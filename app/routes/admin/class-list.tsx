import { Link } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page";
import { StaffText } from "#app/components/admin/staff-text";
import { AdminTable } from "#app/components/admin/table";
import { adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { listCarClasses } from "#server/catalog/car-classes";
import type { Route } from "./+types/class-list";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  return { classes: await listCarClasses(db, siteId, actor) };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.classes.title"));

export default function AdminClassList({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const can = useCan();
  return (
    <>
      <AdminPageHeader
        title={t("admin.classes.title")}
        lead={t("admin.classes.lead")}
        actions={
          can("catalog.edit") ? (
            <Link to={path("/classes/new")} className="btn-primary" data-testid="new-class">
              {t("admin.classes.new")}
            </Link>
          ) : null
        }
      />
      <AdminTable
        caption={t("admin.classes.title")}
        testId="classes-table"
        rows={loaderData.classes}
        rowKey={(c) => c.id}
        columns={[
          {
            key: "name",
            header: t("admin.classes.name"),
            cell: (c) => (
              <Link to={path(`/classes/${c.id}`)} className="link tap font-semibold">
                <StaffText ja={c.className} en={c.classNameEn} fallback={`#${c.id}`} />
              </Link>
            ),
          },
          { key: "en", header: t("admin.form.langEn"), cell: (c) => c.classNameEn || "—" },
          { key: "types", header: t("admin.classes.carTypes"), numeric: true, cell: (c) => c.carTypes },
          { key: "order", header: t("admin.classes.order"), numeric: true, cell: (c) => c.displayOrder },
        ]}
      />
    </>
  );
}
