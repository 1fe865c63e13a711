import { Link } from "react-router";
import { StageBadge, StoreTime } from "#app/components/admin/counter";
import { DayFilter, dayQuery } from "#app/components/admin/day-filter";
import { AdminPageHeader, AdminSection } from "#app/components/admin/page";
import { StaffText, useStaffTextPlain } from "#app/components/admin/staff-text";
import { AdminTable } from "#app/components/admin/table";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { localDate } from "#common/calendar-date";
import { type BoardBooking, counterStores, dayAtStores } from "#server/counter/boards";
import { dayFilter } from "#server/counter/counter.schema";
import { siteTimeZone } from "#server/sites/site-bundle";
import type { Route } from "./+types/today";

/**
 * `/today?date=&store=`: the day at each store the staff member works at: who leaves (and whether
 * their booking has a car yet) and who comes back, overdue returns from before included and marked.
 * Printable (the menu and the filters stay off the paper).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const now = new Date();
  const today = localDate(now, siteTimeZone(bundle));
  const filter = dayFilter(new URL(request.url).searchParams, today);
  const [days, stores] = await Promise.all([
    dayAtStores(db, siteId, actor, filter, now),
    counterStores(db, siteId, actor),
  ]);
  return { days, stores, filter, today };
}

function BookingTable({
  rows,
  kind,
  caption,
}: {
  rows: BoardBooking[];
  kind: "departures" | "returns";
  caption: string;
}) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  return (
    <AdminTable
      caption={caption}
      testId={kind}
      rows={rows}
      rowKey={(b) => b.id}
      empty={t(kind === "departures" ? "admin.today.noDepartures" : "admin.today.noReturns")}
      columns={[
        {
          key: "time",
          header: t(kind === "departures" ? "admin.reservations.departure" : "admin.reservations.return"),
          cell: (b) => (
            <span className={b.overdue ? "font-bold text-red-800" : undefined} data-overdue={b.overdue || undefined}>
              <StoreTime at={kind === "departures" ? b.startAt : b.endAt} timeZone={b.timeZone} />
              {b.overdue ? (
                <span
                  className="ml-2 inline-block rounded bg-red-700 px-1.5 py-0.5 text-xs whitespace-nowrap text-white"
                  data-testid="overdue"
                >
                  {t("admin.today.overdue")}
                </span>
              ) : null}
            </span>
          ),
        },
        {
          key: "no",
          header: t("admin.reservations.reserveNo"),
          cell: (b) => (
            <Link
              to={path(`/reservations/${encodeURIComponent(b.reserveNo)}`)}
              className="link tap font-semibold"
              data-testid="reservation-link"
            >
              {b.reserveNo}
            </Link>
          ),
        },
        { key: "stage", header: t("admin.reservations.stage"), cell: (b) => <StageBadge stage={b.stage} /> },
        { key: "borrower", header: t("admin.reservations.borrower"), cell: (b) => b.borrowerName || "—" },
        {
          key: "car",
          header: t("admin.counter.car"),
          cell: (b) =>
            b.vehicle ? (
              <>
                <StaffText ja={b.carTypeName} en={b.carTypeNameEn} /> / {b.vehicle}
              </>
            ) : (
              <span>
                <StaffText ja={b.carTypeName} en={b.carTypeNameEn} />{" "}
                <span
                  className="inline-block rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-950"
                  data-testid="no-car"
                >
                  {t("admin.counter.noCarYet")}
                </span>
              </span>
            ),
        },
      ]}
    />
  );
}

/** The page's heading, and its document title: today's, or another day's departures. */
function pageTitle(t: AdminT, { filter, today }: Route.ComponentProps["loaderData"]): string {
  return filter.date === today
    ? t("admin.today.title")
    : t("admin.today.titleOn", { date: filter.date.replaceAll("-", "/") });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminToday({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const staffText = useStaffTextPlain();
  const { filter, days, today } = loaderData;
  const query = dayQuery(filter);
  return (
    <>
      <AdminPageHeader
        title={pageTitle(t, loaderData)}
        lead={t("admin.today.lead")}
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <button type="button" className="btn-secondary" onClick={() => window.print()} data-testid="print">
              {t("admin.today.print")}
            </button>
            <a href={path(`/today/export?${query}`)} className="btn-secondary" download data-testid="export-day">
              {t("admin.today.export")}
            </a>
          </div>
        }
      />
      <DayFilter page="/today" filter={filter} today={today} stores={loaderData.stores} label="admin.today.filter" />
      <div className="grid gap-6">
        {days.map((day) => (
          <AdminSection key={day.store.id} title={staffText(day.store.name, day.store.nameEn)} testId="store-day">
            <h3 id={`departures-${day.store.id}`} className="scroll-mt-20 font-bold">
              {t("admin.today.departures", { count: day.departures.length })}
            </h3>
            <BookingTable
              rows={day.departures}
              kind="departures"
              caption={t("admin.today.departures", { count: day.departures.length })}
            />
            <h3 id={`returns-${day.store.id}`} className="scroll-mt-20 font-bold">
              {t("admin.today.returns", { count: day.returns.length })}
            </h3>
            <BookingTable
              rows={day.returns}
              kind="returns"
              caption={t("admin.today.returns", { count: day.returns.length })}
            />
          </AdminSection>
        ))}
      </div>
    </>
  );
}
