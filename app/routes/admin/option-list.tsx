import { Link } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page";
import { StaffText, useStaffTextPlain } from "#app/components/admin/staff-text";
import { AdminTable } from "#app/components/admin/table";
import { adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { useI18n } from "#app/lib/i18n";
import { OPTION_PRICE_UNIT } from "#common/codes";
import { formatYen } from "#common/format";
import { listCarOptions } from "#server/prices/car-options";
import { priceChoices } from "#server/prices/choices";
import type { Route } from "./+types/option-list";

/** `/options`: the options a booking may add, in the order the booking shows them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const [options, { stores, classes }] = await Promise.all([
    listCarOptions(db, siteId, actor),
    priceChoices(db, siteId, actor, { everyStore: true }),
  ]);
  const storeNames = new Map(stores.map((s) => [s.id, s]));
  const classNames = new Map(classes.map((c) => [c.id, c]));
  const unnamed = (id: number) => ({ id, name: `#${id}`, nameEn: null });
  return {
    options: options.map((o) => ({
      id: o.id,
      name: o.optionName || `#${o.id}`,
      nameEn: o.optionNameEn,
      price: o.price,
      perDay: o.priceUnit === OPTION_PRICE_UNIT.perDay,
      maxQuantity: o.maxQuantity,
      stores: o.storeIds.map((id) => storeNames.get(id) ?? unnamed(id)),
      classes: o.classIds.map((id) => classNames.get(id) ?? unnamed(id)),
      mayBeUnavailable: o.mayBeUnavailable,
      displayOrder: o.displayOrder,
    })),
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.options.title"));

export default function AdminOptionList({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const { t: pageT, locale: pageLocale } = useI18n();
  const path = useAdminPath();
  const can = useCan();
  const staffText = useStaffTextPlain();
  const list = (names: { name: string; nameEn?: string | null }[]) =>
    names.map((n) => staffText(n.name, n.nameEn)).join(locale === "ja" ? "、" : ", ");
  return (
    <>
      <AdminPageHeader
        title={t("admin.options.title")}
        lead={t("admin.options.lead")}
        actions={
          can("prices.edit") ? (
            <Link to={path("/options/new")} className="btn-primary" data-testid="new-option">
              {t("admin.options.new")}
            </Link>
          ) : null
        }
      />
      <AdminTable
        caption={t("admin.options.title")}
        testId="options-table"
        rows={loaderData.options}
        rowKey={(o) => o.id}
        columns={[
          {
            key: "name",
            header: t("admin.options.name"),
            cell: (o) => (
              <Link to={path(`/options/${o.id}`)} className="link tap font-semibold">
                <StaffText ja={o.name} en={o.nameEn} />
              </Link>
            ),
          },
          {
            key: "price",
            header: t("admin.options.price"),
            numeric: true,
            cell: (o) =>
              pageT("fee.pricePer", {
                price: formatYen(o.price, pageLocale),
                unit: pageT(o.perDay ? "fee.perDay" : "fee.perRental"),
              }),
          },
          { key: "max", header: t("admin.options.maxQuantity"), numeric: true, cell: (o) => o.maxQuantity },
          {
            key: "stores",
            header: t("admin.options.stores"),
            cell: (o) => (o.stores.length ? list(o.stores) : t("admin.options.allStores")),
          },
          {
            key: "classes",
            header: t("admin.options.classes"),
            cell: (o) => (o.classes.length ? list(o.classes) : t("admin.options.allClasses")),
          },
          {
            key: "unavailable",
            header: t("admin.options.mayBeUnavailable"),
            cell: (o) => (o.mayBeUnavailable ? t("admin.form.yes") : t("admin.form.no")),
          },
          { key: "order", header: t("admin.options.order"), numeric: true, cell: (o) => o.displayOrder },
        ]}
      />
    </>
  );
}
