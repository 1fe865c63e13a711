import { Form, Link } from "react-router";
import { AdminSelect } from "#app/components/admin/fields";
import { AdminPageHeader, AdminPager } from "#app/components/admin/page";
import { StaffText, useStaffChoices, useStaffTextPlain } from "#app/components/admin/staff-text";
import { AdminTable } from "#app/components/admin/table";
import { adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { NO_FORM_ERRORS } from "#app/lib/forms";
import { carTypeChoices } from "#server/catalog/car-types";
import { vehicleFilter } from "#server/catalog/vehicle.schema";
import { listVehicles } from "#server/catalog/vehicles";
import { storeChoices } from "#server/stores/stores";
import type { Route } from "./+types/vehicle-list";

/** The vehicles, filtered by store and car type (`?store=&type=&page=`: anything else is ignored). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const filter = vehicleFilter(new URL(request.url).searchParams);
  const [list, stores, carTypes] = await Promise.all([
    listVehicles(db, siteId, actor, filter),
    storeChoices(db, siteId, actor),
    carTypeChoices(db, siteId, actor),
  ]);
  return { ...list, filter, stores, carTypes };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.vehicles.title"));

export default function AdminVehicleList({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const staffText = useStaffTextPlain();
  const staffChoices = useStaffChoices();
  const path = useAdminPath();
  const can = useCan();
  const { filter, page, pages } = loaderData;
  const numbers = new Intl.NumberFormat(locale === "en" ? "en-GB" : "ja-JP");
  const pageLink = (n: number) => {
    const query = new URLSearchParams();
    if (filter.storeId) query.set("store", String(filter.storeId));
    if (filter.carTypeId) query.set("type", String(filter.carTypeId));
    if (n > 1) query.set("page", String(n));
    const q = query.toString();
    return path(`/vehicles${q ? `?${q}` : ""}`);
  };
  return (
    <>
      <AdminPageHeader
        title={t("admin.vehicles.title")}
        lead={t("admin.vehicles.lead")}
        actions={
          can("store.vehicles") ? (
            <Link to={path("/vehicles/new")} className="btn-primary" data-testid="new-vehicle">
              {t("admin.vehicles.new")}
            </Link>
          ) : null
        }
      />
      <Form
        method="get"
        className="card mb-4 grid items-end gap-3 p-4 sm:grid-cols-[1fr_1fr_auto]"
        role="search"
        aria-label={t("admin.vehicles.filter")}
        data-testid="vehicle-filter"
      >
        <AdminSelect
          name="store"
          label={t("admin.vehicles.store")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.storeId ? String(filter.storeId) : ""}
          options={[{ value: "", label: t("admin.vehicles.filterAll") }, ...staffChoices(loaderData.stores)]}
        />
        <AdminSelect
          name="type"
          label={t("admin.vehicles.carType")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.carTypeId ? String(filter.carTypeId) : ""}
          options={[
            { value: "", label: t("admin.vehicles.filterAll") },
            ...loaderData.carTypes.map((c) => ({
              value: String(c.id),
              label: `${staffText(c.name, c.nameEn)}（${staffText(c.className, c.classNameEn)}）`,
            })),
          ]}
        />
        <button type="submit" className="btn-secondary" data-testid="filter-apply">
          {t("admin.vehicles.filterApply")}
        </button>
      </Form>
      <p className="mb-2 text-sm text-gray-700" data-testid="vehicle-count" aria-live="polite">
        {t("admin.vehicles.count", { total: numbers.format(loaderData.total) })}
      </p>
      <AdminTable
        caption={t("admin.vehicles.title")}
        testId="vehicles-table"
        rows={loaderData.rows}
        rowKey={(v) => v.id}
        empty={t("admin.vehicles.empty")}
        columns={[
          {
            key: "registration",
            header: t("admin.vehicles.registration"),
            cell: (v) => (
              <Link to={path(`/vehicles/${v.id}`)} className="link tap font-semibold">
                {v.registrationNumber}
              </Link>
            ),
          },
          {
            key: "type",
            header: t("admin.vehicles.carType"),
            cell: (v) => (
              <>
                <StaffText ja={v.carTypeName} en={v.carTypeNameEn} />（<StaffText ja={v.className} en={v.classNameEn} />
                ）
              </>
            ),
          },
          {
            key: "store",
            header: t("admin.vehicles.store"),
            cell: (v) => <StaffText ja={v.storeName} en={v.storeNameEn} />,
          },
          { key: "color", header: t("admin.vehicles.color"), cell: (v) => v.color || "—" },
          {
            key: "mileage",
            header: t("admin.vehicles.mileage"),
            numeric: true,
            cell: (v) => numbers.format(v.mileageKm),
          },
          {
            key: "status",
            header: t("admin.vehicles.status"),
            cell: (v) =>
              v.inService ? (
                t("admin.vehicles.inService")
              ) : (
                <span className="font-semibold text-red-800" data-testid="in-workshop">
                  {t("admin.vehicles.inWorkshop")}
                </span>
              ),
          },
        ]}
      />
      <AdminPager page={page} pages={pages} link={pageLink} />
    </>
  );
}
