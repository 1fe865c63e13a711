import { Link } from "react-router";
import { AdminPageHeader, AdminSection } from "#app/components/admin/page";
import { AdminTable } from "#app/components/admin/table";
import { adminMeta, useAdminFrame, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { excerpt, plainText } from "#common/seo";
import { listCustomPages } from "#server/content/custom-pages";
import { getTopText } from "#server/content/top-text";
import type { Route } from "./+types/page-list";

/** `/pages`: the custom pages, the top page's text, and a warning when the price-list page is missing. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const [list, top] = await Promise.all([listCustomPages(db, siteId, actor), getTopText(db, siteId, actor)]);
  return { ...list, topExcerpt: excerpt(plainText(top.pageEditTop), 100) };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.pages.title"));

export default function AdminPageList({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const can = useCan();
  const { siteId } = useAdminFrame();
  const { pages, priceListPageUrl, topExcerpt } = loaderData;
  const priceListMissing = priceListPageUrl !== null && !pages.some((p) => p.pageUrl === priceListPageUrl);
  return (
    <>
      <AdminPageHeader
        title={t("admin.pages.title")}
        lead={t("admin.pages.lead")}
        actions={
          can("content.edit") ? (
            <Link to={path("/pages/new")} className="btn-primary" data-testid="new-page">
              {t("admin.pages.new")}
            </Link>
          ) : null
        }
      />
      <div className="grid gap-5">
        {priceListMissing ? (
          <p
            className="rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-amber-950"
            data-testid="price-list-missing"
          >
            {t("admin.pages.priceListMissing", { url: priceListPageUrl })}
          </p>
        ) : null}
        <AdminSection title={t("admin.pages.topSection")} testId="top-text">
          <p className="text-sm text-gray-700">{t("admin.pages.topLead")}</p>
          <p className={topExcerpt ? "" : "text-gray-700"}>{topExcerpt || t("admin.pages.topEmpty")}</p>
          <p>
            <Link to={path("/pages/top")} className="btn-secondary" data-testid="edit-top-text">
              {t("admin.pages.topEdit")}
            </Link>
          </p>
        </AdminSection>
        <section aria-labelledby="pages-heading" className="grid gap-3">
          <h2 id="pages-heading" className="text-lg font-bold">
            {t("admin.pages.listHeading")}
          </h2>
          <AdminTable
            caption={t("admin.pages.listHeading")}
            testId="pages-table"
            rows={pages}
            rowKey={(p) => p.id}
            columns={[
              {
                key: "title",
                header: t("admin.pages.pageTitle"),
                cell: (p) => (
                  <Link to={path(`/pages/${p.id}`)} className="link tap font-semibold">
                    {p.pageTitle || p.pageUrl}
                  </Link>
                ),
              },
              {
                key: "url",
                header: t("admin.pages.url"),
                cell: (p) => (
                  <span className="flex flex-wrap items-center gap-2">
                    <code className="break-all">{`/${siteId}/c/${p.pageUrl}`}</code>
                    {p.pageUrl === priceListPageUrl ? (
                      <span className="rounded bg-blue-100 px-1.5 text-sm text-blue-950" data-testid="price-list-badge">
                        {t("admin.pages.priceList")}
                      </span>
                    ) : null}
                  </span>
                ),
              },
              { key: "order", header: t("admin.pages.order"), numeric: true, cell: (p) => p.displayOrder },
            ]}
          />
        </section>
      </div>
    </>
  );
}
