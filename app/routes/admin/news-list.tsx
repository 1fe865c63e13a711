import { Link } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page";
import { AdminTable } from "#app/components/admin/table";
import { adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { formatIsoDate } from "#common/format";
import { listNews } from "#server/content/news";
import type { Route } from "./+types/news-list";

/** `/news`: every news item, newest first, with the five the public top page shows marked. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  return { news: await listNews(db, siteId, actor) };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.news.title"));

export default function AdminNewsList({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const can = useCan();
  return (
    <>
      <AdminPageHeader
        title={t("admin.news.title")}
        lead={t("admin.news.lead")}
        actions={
          can("content.edit") ? (
            <Link to={path("/news/new")} className="btn-primary" data-testid="new-news">
              {t("admin.news.new")}
            </Link>
          ) : null
        }
      />
      <AdminTable
        caption={t("admin.news.title")}
        testId="news-table"
        rows={loaderData.news}
        rowKey={(n) => n.id}
        columns={[
          {
            key: "date",
            header: t("admin.news.date"),
            cell: (n) => <time dateTime={n.publishedOn}>{formatIsoDate(n.publishedOn)}</time>,
          },
          {
            key: "title",
            header: t("admin.news.itemTitle"),
            cell: (n) => (
              <Link to={path(`/news/${n.id}`)} className="link tap font-semibold">
                {n.title}
              </Link>
            ),
          },
          {
            key: "top",
            header: t("admin.news.shown"),
            cell: (n) =>
              n.onTop ? (
                <span className="font-semibold text-green-800">{t("admin.news.onTop")}</span>
              ) : (
                <span className="text-gray-700">{t("admin.news.notOnTop")}</span>
              ),
          },
        ]}
      />
    </>
  );
}
