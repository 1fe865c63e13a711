import { Form, Link } from "react-router";
import { addDays, localDate } from "../../../common/calendar-date";
import { type BoardBooking, counterStores, dayAtStores } from "../../../server/counter/boards";
import { dayFilter } from "../../../server/counter/counter.schema";
import { siteTimeZone } from "../../../server/sites/site-bundle";
import { StageBadge, StoreTime } from "../../components/admin/counter";
import { AdminInput, AdminSelect } from "../../components/admin/fields";
import { AdminPageHeader, AdminSection } from "../../components/admin/page";
import { AdminTable } from "../../components/admin/table";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath } from "../../lib/admin";
import { actorOf, getAdminSite, requireStaff } from "../../lib/admin.server";
import { services } from "../../lib/site.server";
import type { Route } from "./+types/today";

/**
 * `/today?date=&store=`: the day at each store the staff member works at: who leaves (and whether
 * their booking has a car yet) and who comes back, overdue returns from before included and marked.
 * Printable (the menu and the filters stay off the paper).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const actor = actorOf(staff);
  const { siteId, bundle } = getAdminSite(context);
  const { db } = services(context);
  const now = new Date();
  const today = localDate(now, siteTimeZone(bundle));
  const filter = dayFilter(new URL(request.url).searchParams, today);
  const [days, stores] = await Promise.all([
    dayAtStores(db, siteId, actor, filter, now),
    counterStores(db, siteId, actor),
  ]);
  return { days, stores, filter, today };
}

const NO_ERRORS = {};

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
                <span className="ml-2 rounded bg-red-700 px-1.5 py-0.5 text-xs text-white" data-testid="overdue">
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
              `${b.carTypeName} / ${b.vehicle}`
            ) : (
              <span>
                {b.carTypeName}{" "}
                <span
                  className="rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950"
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
  const { filter, days, today } = loaderData;
  const query = new URLSearchParams({
    date: filter.date,
    ...(filter.storeId ? { store: String(filter.storeId) } : {}),
  });
  const dayLink = (date: string) => {
    const q = new URLSearchParams(query);
    q.set("date", date);
    return path(`/today?${q}`);
  };
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
            <a href={path(`/today/export?${query}`)} className="btn-secondary" download data-testid="export-departures">
              {t("admin.today.export")}
            </a>
          </div>
        }
      />
      <Form
        method="get"
        className="card mb-4 grid items-end gap-3 p-4 sm:grid-cols-[1fr_1fr_auto] print:hidden"
        role="search"
        aria-label={t("admin.today.filter")}
      >
        <AdminInput
          name="date"
          type="date"
          label={t("admin.today.date")}
          errors={NO_ERRORS}
          defaultValue={filter.date}
        />
        <AdminSelect
          name="store"
          label={t("admin.reservations.store")}
          errors={NO_ERRORS}
          defaultValue={filter.storeId ? String(filter.storeId) : ""}
          options={[
            { value: "", label: t("admin.reservations.all") },
            ...loaderData.stores.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
        />
        <button type="submit" className="btn-secondary">
          {t("admin.today.show")}
        </button>
      </Form>
      <nav className="mb-4 flex flex-wrap gap-3 print:hidden" aria-label={t("admin.today.days")}>
        <Link to={dayLink(addDays(filter.date, -1))} className="btn-secondary" rel="prev">
          {t("admin.today.previous")}
        </Link>
        {filter.date !== today ? (
          <Link to={dayLink(today)} className="btn-secondary">
            {t("admin.today.today")}
          </Link>
        ) : null}
        <Link to={dayLink(addDays(filter.date, 1))} className="btn-secondary" rel="next">
          {t("admin.today.next")}
        </Link>
      </nav>
      <div className="grid gap-6">
        {days.map((day) => (
          <AdminSection key={day.store.id} title={day.store.name} testId="store-day">
            <h3 className="font-bold">{t("admin.today.departures", { count: day.departures.length })}</h3>
            <BookingTable
              rows={day.departures}
              kind="departures"
              caption={t("admin.today.departures", { count: day.departures.length })}
            />
            <h3 className="font-bold">{t("admin.today.returns", { count: day.returns.length })}</h3>
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
