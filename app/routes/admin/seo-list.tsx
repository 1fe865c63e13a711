import { Link } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page";
import { useSeoKindLabel } from "#app/components/admin/seo-kind";
import { AdminTable } from "#app/components/admin/table";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { listSeoKinds } from "#server/content/seo";
import type { Route } from "./+types/seo-list";

/** `/seo`: every page kind of the public head, each custom page's, and whether it has settings. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  return { kinds: await listSeoKinds(db, siteId, actor) };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.seo.title"));

export default function AdminSeoList({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const label = useSeoKindLabel();
  return (
    <>
      <AdminPageHeader title={t("admin.seo.title")} lead={t("admin.seo.lead")} />
      <AdminTable
        caption={t("admin.seo.title")}
        testId="seo-table"
        rows={loaderData.kinds}
        rowKey={(k) => k.kind}
        columns={[
          {
            key: "page",
            header: t("admin.seo.page"),
            cell: (k) => (
              <Link
                to={path(`/seo/${encodeURIComponent(k.kind)}`)}
                className="link tap font-semibold"
                data-testid={`seo-${k.kind}`}
              >
                {label(k)}
              </Link>
            ),
          },
          {
            key: "status",
            header: t("admin.seo.status"),
            cell: (k) =>
              k.setting ? (
                <span>
                  <span className="font-semibold text-green-800">{t("admin.seo.set")}</span>
                  {k.setting.title ? <span className="block text-sm text-gray-700">{k.setting.title}</span> : null}
                </span>
              ) : (
                <span className="text-gray-700">{t("admin.seo.notSet")}</span>
              ),
          },
        ]}
      />
    </>
  );
}
