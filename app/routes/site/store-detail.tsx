import type { ReactNode } from "react";
import { Link } from "react-router";
import { VacancyCalendar } from "#app/components/calendar/vacancy-calendar";
import { StoreInfo } from "#app/components/store-info";
import { DescriptionList } from "#app/components/ui/description-list";
import { useI18n } from "#app/lib/i18n";
import { metaTranslate, seoMeta } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import { getSite, requireId, services } from "#app/lib/site.server";
import { storeFacts, storeView } from "#app/presenters/store.server";
import { localDate } from "#common/calendar-date";
import { CALENDAR_MODE } from "#common/codes";
import { formatIsoDate } from "#common/format";
import { MONTH } from "#common/params";
import { storeCalendar } from "#server/availability/calendar";
import { monthOf } from "#server/availability/calendar-month";
import { vacancyDisplay } from "#server/availability/vacancy";
import { notFoundError } from "#server/errors";
import type { Route } from "./+types/store-detail";

/** The same for every anonymous visitor: the server may keep it for a second (decision 036). */
export const handle = { publicCache: true };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { siteId, bundle, locale } = getSite(context);
  const id = requireId(params.storeId);
  const store = bundle.stores.find((s) => s.id === id);
  if (!store) throw notFoundError();
  const now = new Date();
  const today = localDate(now, store.timeZone);
  const url = new URL(request.url);
  const requested = url.searchParams.get("month");
  const mode = url.searchParams.get("mode") === "2" ? CALENDAR_MODE.period : CALENDAR_MODE.departure;
  const calendar = await storeCalendar(services(context).db, siteId, {
    bundle,
    store,
    month: requested && MONTH.test(requested) ? requested : monthOf(today),
    mode,
    now,
  });
  const facts = storeFacts(bundle, store, locale, today);
  return {
    store: storeView(store, locale),
    classes: facts.classes.map((c) => c.name),
    holidays: facts.holidays,
    reserveMaxDate: facts.reserveMaxDate,
    calendar,
    mode,
    display: vacancyDisplay(bundle),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const store = args.loaderData?.store;
  if (!store) return [];
  const t = metaTranslate(args.matches);
  return seoMeta(args, {
    kind: "store_detail",
    shared: true,
    title: store.name,
    description: t("seo.storeDescription", { store: store.name, address: store.address }),
  });
};

export default function StoreDetail({ loaderData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  const { store, classes, holidays } = loaderData;
  const sep = t("list.separator");
  const base = sitePath(shell, `/store/${store.id}`);
  const facts: [string, ReactNode][] = [];
  if (classes.length)
    facts.push([
      t("store.classes"),
      <span key="classes" data-testid="store-classes">
        {classes.join(sep)}
      </span>,
    ]);
  if (holidays.length) {
    facts.push([
      t("store.holidays"),
      <span key="holidays" data-testid="store-holidays">
        {holidays.map(formatIsoDate).join(sep)}
      </span>,
    ]);
  }
  if (loaderData.reserveMaxDate) {
    facts.push([t("store.reserveMax"), t("store.reserveMaxValue", { date: formatIsoDate(loaderData.reserveMaxDate) })]);
  }
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-8 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {store.name}
      </h1>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <div className="grid content-start gap-4 rounded-lg bg-white p-5 shadow-sm">
          <StoreInfo store={store} detailed />
          <DescriptionList rows={facts} />
          <p>
            <Link
              to={`${sitePath(shell, "/reserve")}?si=${store.id}`}
              className="btn-primary"
              data-testid="store-search"
            >
              {t("nav.search")}
            </Link>
          </p>
        </div>
        {loaderData.display.showCalendar ? (
          <section aria-labelledby="calendar-heading" className="grid content-start gap-2">
            <h2 id="calendar-heading" className="text-lg font-bold">
              {t("calendar.title")}
            </h2>
            <nav aria-label={t("calendar.title")} className="flex gap-3 text-sm" data-testid="calendar-modes">
              {[CALENDAR_MODE.departure, CALENDAR_MODE.period].map((m) => (
                <Link
                  key={m}
                  to={`${base}?month=${loaderData.calendar.month}&mode=${m}`}
                  aria-current={m === loaderData.mode ? "true" : undefined}
                  className={`inline-flex min-h-11 items-center rounded-lg px-3 ${m === loaderData.mode ? "site-theme font-bold" : "btn-secondary"}`}
                  preventScrollReset
                >
                  {m === CALENDAR_MODE.period ? t("calendar.modePeriod") : t("calendar.modeDeparture")}
                </Link>
              ))}
            </nav>
            <VacancyCalendar
              calendar={loaderData.calendar}
              display={loaderData.display}
              monthHref={(month) => `${base}?month=${month}&mode=${loaderData.mode}`}
            />
          </section>
        ) : null}
      </div>
      <p className="mt-6">
        <Link to={sitePath(shell, "/store")} className="link">
          {t("store.backToList")}
        </Link>
      </p>
    </main>
  );
}
