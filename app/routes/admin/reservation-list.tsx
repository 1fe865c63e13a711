import { Form, Link } from "react-router";
import { STAGE_LABEL, StageBadge, StoreTime, Yen } from "#app/components/admin/counter";
import { AdminInput, AdminSelect } from "#app/components/admin/fields";
import { AdminPageHeader, AdminPager } from "#app/components/admin/page";
import { StaffText, useStaffChoices } from "#app/components/admin/staff-text";
import { AdminTable } from "#app/components/admin/table";
import { adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { NO_FORM_ERRORS } from "#app/lib/forms";
import { RENTAL_STAGES } from "#common/counter";
import { counterStores } from "#server/counter/boards";
import { reservationFilter, reservationFilterQuery } from "#server/counter/counter.schema";
import { searchReservations } from "#server/counter/reservations";
import { siteTimeZone } from "#server/sites/site-bundle";
import type { Route } from "./+types/reservation-list";

/**
 * `/reservations`: the bookings found by number, name, phone or e-mail, departure dates, store and
 * stage (`?q=&from=&to=&store=&stage=&page=`; anything unreadable is no filter), the newest departure
 * first, with their CSV export.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const filter = reservationFilter(new URL(request.url).searchParams);
  const [found, stores] = await Promise.all([
    searchReservations(db, siteId, actor, filter, siteTimeZone(bundle)),
    counterStores(db, siteId, actor),
  ]);
  return { ...found, filter, stores, query: reservationFilterQuery(filter) };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.reservations.title"));

export default function AdminReservationList({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const staffChoices = useStaffChoices();
  const path = useAdminPath();
  const can = useCan();
  const { filter, page, pages, query } = loaderData;
  const numbers = new Intl.NumberFormat(locale === "en" ? "en-GB" : "ja-JP");
  const pageLink = (n: number) => {
    const q = reservationFilterQuery(filter, n);
    return path(`/reservations${q ? `?${q}` : ""}`);
  };
  return (
    <>
      <AdminPageHeader
        title={t("admin.reservations.title")}
        lead={t("admin.reservations.lead")}
        actions={
          <>
            {can("store.reservations") ? (
              <Link to={path("/reservations/new")} className="btn-primary" data-testid="new-reservation">
                {t("admin.phone.new")}
              </Link>
            ) : null}
            <a
              href={path(`/reservations/export${query ? `?${query}` : ""}`)}
              className="btn-secondary"
              data-testid="export-csv"
              download
            >
              {t("admin.reservations.export")}
            </a>
          </>
        }
      />
      <Form
        method="get"
        className="card mb-4 grid items-end gap-3 p-4 sm:grid-cols-2 lg:grid-cols-3"
        role="search"
        aria-label={t("admin.reservations.filter")}
        data-testid="reservation-filter"
      >
        <AdminInput
          name="q"
          type="search"
          label={t("admin.reservations.query")}
          hint={t("admin.reservations.queryHint")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.q}
          className="sm:col-span-2 lg:col-span-3"
        />
        <AdminInput
          name="from"
          type="date"
          label={t("admin.reservations.from")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.from ?? ""}
        />
        <AdminInput
          name="to"
          type="date"
          label={t("admin.reservations.to")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.to ?? ""}
        />
        <AdminSelect
          name="store"
          label={t("admin.reservations.store")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.storeId ? String(filter.storeId) : ""}
          options={[{ value: "", label: t("admin.reservations.all") }, ...staffChoices(loaderData.stores)]}
        />
        <AdminSelect
          name="stage"
          label={t("admin.reservations.stage")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.stage ?? ""}
          options={[
            { value: "", label: t("admin.reservations.all") },
            ...RENTAL_STAGES.map((s) => ({ value: s, label: t(STAGE_LABEL[s]) })),
          ]}
        />
        <button type="submit" className="btn-secondary" data-testid="filter-apply">
          {t("admin.action.search")}
        </button>
      </Form>
      <p className="mb-2 text-sm text-gray-700" data-testid="reservation-count" aria-live="polite">
        {t("admin.reservations.count", { total: numbers.format(loaderData.total) })}
      </p>
      <AdminTable
        caption={t("admin.reservations.title")}
        testId="reservations-table"
        rows={loaderData.rows}
        rowKey={(r) => r.id}
        empty={t("admin.reservations.empty")}
        columns={[
          {
            key: "no",
            header: t("admin.reservations.reserveNo"),
            cell: (r) => (
              <Link
                to={path(`/reservations/${encodeURIComponent(r.reserveNo)}`)}
                className="link tap font-semibold whitespace-nowrap"
                data-testid="reservation-link"
              >
                {r.reserveNo}
              </Link>
            ),
          },
          { key: "stage", header: t("admin.reservations.stage"), cell: (r) => <StageBadge stage={r.stage} /> },
          {
            key: "departure",
            header: t("admin.reservations.departure"),
            cell: (r) => <StoreTime at={r.startAt} timeZone={r.timeZone} />,
          },
          {
            key: "return",
            header: t("admin.reservations.return"),
            cell: (r) => <StoreTime at={r.endAt} timeZone={r.timeZone} />,
          },
          { key: "borrower", header: t("admin.reservations.borrower"), cell: (r) => r.borrowerName || "—" },
          {
            key: "car",
            header: t("admin.reservations.carType"),
            cell: (r) => (
              <>
                <StaffText ja={r.carTypeName} en={r.carTypeNameEn} />
                {r.vehicle ? ` / ${r.vehicle}` : ""}
              </>
            ),
          },
          {
            key: "store",
            header: t("admin.reservations.store"),
            cell: (r) => <StaffText ja={r.storeName} en={r.storeNameEn} />,
          },
          {
            key: "total",
            header: t("admin.reservations.total"),
            numeric: true,
            cell: (r) => <Yen amount={r.totalFee} />,
          },
        ]}
      />
      <AdminPager page={page} pages={pages} link={pageLink} />
    </>
  );
}
