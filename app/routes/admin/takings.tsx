import { Link } from "react-router";
import { StoreTime, Yen } from "#app/components/admin/counter";
import { DayFilter, dayQuery } from "#app/components/admin/day-filter";
import { AdminPageHeader, AdminSection } from "#app/components/admin/page";
import { RentalRecordLinks } from "#app/components/admin/paperwork-links";
import { useStaffTextPlain } from "#app/components/admin/staff-text";
import { AdminTable } from "#app/components/admin/table";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { localDate } from "#common/calendar-date";
import { counterStores } from "#server/counter/boards";
import { dayFilter } from "#server/counter/counter.schema";
import { siteTimeZone } from "#server/sites/site-bundle";
import { dailyTakings, type StoreTakings } from "#server/takings/takings";
import type { Route } from "./+types/takings";

/**
 * `/takings?date=&store=` (売上日報, issue 37): for each store the staff member works at, the day's
 * bookings taken and the money the ledger's outcomes moved, by cash, the store's terminal and card,
 * each entry linked to its booking. Printable, and exported as CSV.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const today = localDate(new Date(), siteTimeZone(bundle));
  const filter = dayFilter(new URL(request.url).searchParams, today);
  const [days, stores] = await Promise.all([dailyTakings(db, siteId, actor, filter), counterStores(db, siteId, actor)]);
  return { days, stores, filter, today };
}

const METHODS = ["cash", "terminal", "card"] as const;

function pageTitle(t: AdminT, { filter, today }: Route.ComponentProps["loaderData"]): string {
  return filter.date === today
    ? t("admin.takings.title")
    : t("admin.takings.titleOn", { date: filter.date.replaceAll("-", "/") });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

function Summary({ day }: { day: StoreTakings }) {
  const { t } = useAdminI18n();
  const rows = [
    ...METHODS.map((method) => ({ key: method, label: t(`admin.takings.${method}`), method })),
    { key: "total", label: t("admin.takings.total"), method: "total" as const },
  ];
  return (
    <div className="grid gap-3">
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="flex justify-between gap-3 rounded-md bg-gray-50 p-3">
          <dt className="font-semibold">{t("admin.takings.bookings")}</dt>
          <dd data-testid="takings-bookings" className="flex gap-3">
            <span>{t("admin.takings.count", { count: day.bookings.count })}</span>
            <Yen amount={day.bookings.total} />
          </dd>
        </div>
        <div className="flex justify-between gap-3 rounded-md bg-gray-50 p-3">
          <dt className="font-semibold">{t("admin.takings.cancellations")}</dt>
          <dd data-testid="takings-cancellation-fees" className="flex gap-3">
            <span>{t("admin.takings.count", { count: day.cancellations.count })}</span>
            <Yen amount={day.cancellations.fees} />
          </dd>
        </div>
      </dl>
      <AdminTable
        caption={t("admin.takings.summary")}
        testId="takings-summary"
        rows={rows}
        rowKey={(r) => r.key}
        columns={[
          { key: "method", header: t("admin.takings.method"), cell: (r) => r.label },
          {
            key: "in",
            header: t("admin.takings.charges"),
            numeric: true,
            cell: (r) => <Yen amount={day.charges[r.method]} />,
          },
          {
            key: "out",
            header: t("admin.takings.refunds"),
            numeric: true,
            cell: (r) => <Yen amount={day.refunds[r.method]} />,
          },
          {
            key: "net",
            header: t("admin.takings.net"),
            numeric: true,
            cell: (r) => (
              <strong data-testid={`takings-net-${r.method}`}>
                <Yen amount={day.net[r.method]} />
              </strong>
            ),
          },
        ]}
      />
    </div>
  );
}

function Lines({ day }: { day: StoreTakings }) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  return (
    <AdminTable
      caption={t("admin.takings.lines")}
      testId="takings-lines"
      rows={day.lines}
      rowKey={(l) => l.entryId}
      empty={t("admin.takings.noLines")}
      columns={[
        {
          key: "time",
          header: t("admin.takings.time"),
          cell: (l) => <StoreTime at={l.at} timeZone={day.store.timeZone} />,
        },
        {
          key: "no",
          header: t("admin.reservations.reserveNo"),
          cell: (l) => (
            <Link to={path(`/reservations/${encodeURIComponent(l.reserveNo)}`)} className="link tap font-semibold">
              {l.reserveNo}
            </Link>
          ),
        },
        { key: "what", header: t("admin.takings.what"), cell: (l) => t(`admin.takings.operation.${l.operation}`) },
        { key: "method", header: t("admin.takings.method"), cell: (l) => t(`admin.takings.${l.method}`) },
        { key: "amount", header: t("admin.takings.amount"), numeric: true, cell: (l) => <Yen amount={l.amount} /> },
      ]}
    />
  );
}

export default function AdminTakings({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const staffText = useStaffTextPlain();
  const path = useAdminPath();
  const { filter, days, today } = loaderData;
  const query = dayQuery(filter);
  return (
    <>
      <AdminPageHeader
        title={pageTitle(t, loaderData)}
        lead={t("admin.takings.lead")}
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <button type="button" className="btn-secondary" onClick={() => window.print()}>
              {t("admin.today.print")}
            </button>
            <a href={path(`/takings/export?${query}`)} className="btn-secondary" download data-testid="export-takings">
              {t("admin.takings.export")}
            </a>
          </div>
        }
      />
      <DayFilter
        page="/takings"
        filter={filter}
        today={today}
        stores={loaderData.stores}
        label="admin.takings.filter"
      />
      <div className="grid gap-6">
        {days.map((day) => (
          <AdminSection key={day.store.id} title={staffText(day.store.name, day.store.nameEn)} testId="store-takings">
            <RentalRecordLinks storeId={day.store.id} date={filter.date} />
            <Summary day={day} />
            <h3 className="mt-4 font-bold">{t("admin.takings.lines")}</h3>
            <Lines day={day} />
          </AdminSection>
        ))}
      </div>
    </>
  );
}
