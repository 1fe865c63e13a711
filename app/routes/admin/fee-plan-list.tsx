import { Form, Link } from "react-router";
import { AdminSelect } from "#app/components/admin/fields";
import { AdminPageHeader } from "#app/components/admin/page";
import { useStaffChoices } from "#app/components/admin/staff-text";
import { AdminTable } from "#app/components/admin/table";
import type { AdminMessageKey } from "#app/i18n/admin";
import { adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { useI18n } from "#app/lib/i18n";
import { formatIsoDate } from "#common/format";
import { parseId } from "#common/params";
import { priceChoices } from "#server/prices/choices";
import type { FeePlanStatus } from "#server/prices/fee-plans";
import { listFeePlans } from "#server/prices/fee-plans";
import type { Route } from "./+types/fee-plan-list";

/** `/fee-plans`: every plan, newest first, by store and class (`?store=&class=`; anything else is ignored). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const query = new URL(request.url).searchParams;
  const filter = { storeId: parseId(query.get("store")), classId: parseId(query.get("class")) };
  const [plans, { stores, classes }] = await Promise.all([
    listFeePlans(db, siteId, actor, filter),
    priceChoices(db, siteId, actor),
  ]);
  return { plans, stores, classes, filter };
}

const STATUS: Record<FeePlanStatus, { key: AdminMessageKey; className: string }> = {
  current: { key: "admin.feePlans.statusCurrent", className: "bg-green-100 text-green-900" },
  scheduled: { key: "admin.feePlans.statusScheduled", className: "bg-blue-100 text-blue-900" },
  past: { key: "admin.feePlans.statusPast", className: "bg-gray-200 text-gray-800" },
};

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.feePlans.title"));

export default function AdminFeePlanList({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const staffChoices = useStaffChoices();
  const { t: pageT } = useI18n();
  const path = useAdminPath();
  const can = useCan();
  const { plans, stores, classes, filter } = loaderData;
  const filtered = Boolean(filter.storeId || filter.classId);
  const all = { value: "", label: t("admin.feePlans.all") };
  return (
    <>
      <AdminPageHeader
        title={t("admin.feePlans.title")}
        lead={t("admin.feePlans.lead")}
        actions={
          can("prices.edit") ? (
            <Link to={path("/fee-plans/new")} className="btn-primary" data-testid="new-fee-plan">
              {t("admin.feePlans.new")}
            </Link>
          ) : null
        }
      />
      <Form
        method="get"
        className="card mb-4 grid gap-3 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        data-testid="fee-plan-filter"
      >
        <AdminSelect
          name="store"
          label={t("admin.feePlans.store")}
          errors={{}}
          defaultValue={filter.storeId ? String(filter.storeId) : ""}
          options={[all, ...staffChoices(stores)]}
        />
        <AdminSelect
          name="class"
          label={t("admin.feePlans.class")}
          errors={{}}
          defaultValue={filter.classId ? String(filter.classId) : ""}
          options={[all, ...staffChoices(classes)]}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-secondary">
            {t("admin.feePlans.filterApply")}
          </button>
          {filtered ? (
            <Link to={path("/fee-plans")} className="link tap text-sm">
              {t("admin.feePlans.filterClear")}
            </Link>
          ) : null}
        </div>
      </Form>
      <AdminTable
        caption={t("admin.feePlans.title")}
        testId="fee-plans-table"
        rows={plans}
        rowKey={(p) => p.id}
        empty={filtered ? t("admin.feePlans.emptyFiltered") : t("admin.feePlans.empty")}
        columns={[
          {
            key: "from",
            header: t("admin.feePlans.effectiveFrom"),
            cell: (p) => (
              <Link to={path(`/fee-plans/${p.id}`)} className="link tap font-semibold tabular-nums">
                {formatIsoDate(p.effectiveFrom)}
              </Link>
            ),
          },
          { key: "store", header: t("admin.feePlans.store"), cell: (p) => p.storeName },
          { key: "class", header: t("admin.feePlans.class"), cell: (p) => p.className },
          {
            key: "mode",
            header: t("admin.feePlans.mode"),
            cell: (p) => (
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                {pageT(`fee.mode.${p.mode}` as never)}
                {p.isHighSeason ? (
                  <span
                    className="rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-950"
                    data-season="high"
                  >
                    {pageT("fee.highSeason")}
                  </span>
                ) : null}
              </span>
            ),
          },
          {
            key: "status",
            header: t("admin.feePlans.status"),
            cell: (p) => (
              <span
                className={`w-fit rounded px-2 py-0.5 text-xs font-bold ${STATUS[p.status].className}`}
                data-status={p.status}
              >
                {t(STATUS[p.status].key)}
              </span>
            ),
          },
        ]}
      />
    </>
  );
}
