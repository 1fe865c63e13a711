import { Form, Link } from "react-router";
import type { AdminMessageKey } from "#app/i18n/admin";
import { useAdminI18n, useAdminPath } from "#app/lib/admin";
import { NO_FORM_ERRORS } from "#app/lib/forms";
import { addDays } from "#common/calendar-date";
import { AdminInput, AdminSelect } from "./fields";
import { useStaffChoices } from "./staff-text";

/** The query of a page about one day at the stores: `?date=&store=`. */
export function dayQuery(filter: { date: string; storeId: number | null }): URLSearchParams {
  return new URLSearchParams({ date: filter.date, ...(filter.storeId ? { store: String(filter.storeId) } : {}) });
}

/**
 * The day and store filter of the counter's day pages (today's departures and returns, the takings),
 * with the previous and next day and a way back to today. Kept off the paper when printed.
 */
export function DayFilter({
  page,
  filter,
  today,
  stores,
  label,
}: {
  /** The page's path under the site's back office, e.g. `/today`. */
  page: string;
  filter: { date: string; storeId: number | null };
  today: string;
  stores: readonly { id: number; name: string; nameEn?: string | null }[];
  label: AdminMessageKey;
}) {
  const { t } = useAdminI18n();
  const staffChoices = useStaffChoices();
  const path = useAdminPath();
  const dayLink = (date: string) => {
    const q = dayQuery(filter);
    q.set("date", date);
    return path(`${page}?${q}`);
  };
  return (
    <>
      <Form
        method="get"
        className="card mb-4 grid items-end gap-3 p-4 sm:grid-cols-[1fr_1fr_auto] print:hidden"
        role="search"
        aria-label={t(label)}
      >
        <AdminInput
          name="date"
          type="date"
          label={t("admin.today.date")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.date}
        />
        <AdminSelect
          name="store"
          label={t("admin.reservations.store")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.storeId ? String(filter.storeId) : ""}
          options={[{ value: "", label: t("admin.reservations.all") }, ...staffChoices(stores)]}
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
    </>
  );
}
