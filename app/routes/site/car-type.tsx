import { Link } from "react-router";
import { VacancyCalendar } from "#app/components/calendar/vacancy-calendar";
import { CarSpecs } from "#app/components/car/car-specs";
import { FeeTable } from "#app/components/car/fee-table";
import { PriceSummary, useOptionPrice, useYen } from "#app/components/car/price";
import { RemainingMark } from "#app/components/car/remaining-mark";
import { useReasonText } from "#app/components/search/field-error";
import { SearchForm } from "#app/components/search/search-form";
import { NewTabLink, useEmbedStorageRefused } from "#app/lib/embed";
import { useI18n } from "#app/lib/i18n";
import { metaTranslate, seoMeta } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import { getSite, requireId, services } from "#app/lib/site.server";
import { carTypeView, optionView } from "#app/presenters/catalog.server";
import { periodLabel, periodQuery, searchFormData } from "#app/presenters/search.server";
import { storeView } from "#app/presenters/store.server";
import { localDate } from "#common/calendar-date";
import { fullSitePath } from "#common/embedding";
import { periodValues } from "#server/availability/period";
import { parseSearchQuery } from "#server/availability/search-schema";
import { vacancyDisplay } from "#server/availability/vacancy";
import { carTypeDetail } from "#server/catalog/car-type-detail";
import { notFoundError } from "#server/errors";
import type { Route } from "./+types/car-type";

/** The same for every anonymous visitor: the server may keep it for a second (decision 036). */
export const handle = { publicCache: true };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { siteId, bundle, locale } = getSite(context);
  const storeId = requireId(params.storeId);
  const carTypeId = requireId(params.carTypeId);
  const url = new URL(request.url);
  const query = parseSearchQuery(url.searchParams);
  const detail = await carTypeDetail(services(context).db, siteId, {
    bundle,
    storeId,
    carTypeId,
    query,
    month: url.searchParams.get("month"),
    now: new Date(),
  });
  if (!detail) throw notFoundError();
  const { outcome } = detail;
  const offer = outcome?.offers.find((o) => o.carType.id === carTypeId);
  const now = new Date();
  const values = outcome?.values ?? periodValues(query, bundle.settings, localDate(now, detail.store.timeZone));
  return {
    store: storeView(detail.store, locale),
    carType: carTypeView(detail.carType, detail.carClass, locale),
    feeTables: detail.feeTables,
    options: detail.options.map((o) => optionView(o, locale)),
    calendar: detail.calendar,
    display: vacancyDisplay(bundle),
    // The store is fixed on this page: the form carries it as a hidden field.
    form: searchFormData(bundle, locale, { values, storeId, now, onlyStore: true }),
    errors: outcome?.errors ?? {},
    period: outcome ? periodLabel(outcome, bundle) : null,
    price: offer?.price ?? null,
    remaining: offer?.remaining ?? null,
    mark: offer?.mark ?? null,
    blocked: detail.blocked,
    carry: outcome ? periodQuery(outcome) : { si: String(storeId) },
  };
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return [];
  const { carType, store } = args.loaderData;
  const t = metaTranslate(args.matches);
  return [
    ...seoMeta(args, {
      kind: "car_type",
      shared: true,
      title: `${carType.name} | ${store.name}`,
      description: t("seo.carTypeDescription", { name: carType.name, className: carType.className, store: store.name }),
      image: carType.images[0] ?? null,
    }),
  ];
};

export default function CarType({ loaderData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  const optionPrice = useOptionPrice();
  const yen = useYen();
  const reasonText = useReasonText();
  const { carType: car, store, carry, display, price, period, blocked } = loaderData;
  const base = sitePath(shell, `/reserve/stores/${store.id}/cars/${car.id}`);
  const carryQuery = new URLSearchParams(carry).toString();
  const canReserve = Boolean(price) && !blocked;
  const optionsHref = `${base}/options?${carryQuery}`;
  // A frame whose cookies the browser refuses cannot hold the booking: it goes on in a new tab.
  const storageRefused = useEmbedStorageRefused();
  const monthHref = (month: string) => `${base}?${new URLSearchParams({ ...carry, month }).toString()}`;
  const hasErrors = Object.keys(loaderData.errors).length > 0;
  // On a phone the price and the reserve button stay at the bottom of the screen. A client's frame
  // is as tall as its page, so nothing stays in view there: they come right under the car's name.
  const reserveBox = (
    <section
      aria-labelledby="price-heading"
      className={`bg-white px-4 py-3 ${
        shell.embedded
          ? "card"
          : "fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] lg:static lg:rounded-xl lg:border-0 lg:shadow-[var(--shadow-card)]"
      }`}
      data-testid="reserve-box"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 lg:block">
        <div className="min-w-0">
          <h2 id="price-heading" className="text-xs text-gray-700 lg:mb-1 lg:text-sm lg:font-bold lg:text-gray-900">
            {price ? t("car.totalForDates") : t("car.priceForPeriod")}
          </h2>
          {price ? (
            <p
              className="price text-xl font-bold leading-tight lg:text-2xl"
              data-testid="price-total"
              data-amount={price.total}
            >
              {yen(price.total)}
            </p>
          ) : (
            <p className="text-sm text-gray-700">{t("car.selectDates")}</p>
          )}
          {period ? (
            <p
              className={`text-xs text-gray-700 ${shell.embedded ? "" : "truncate lg:whitespace-normal"}`}
              data-testid="reserve-period"
            >
              {t("results.period", { start: period.start, end: period.end })}
            </p>
          ) : null}
          {blocked ? (
            <p id="car-blocked" role="alert" className="text-sm font-semibold text-red-700" data-testid="car-blocked">
              {reasonText(blocked)}
            </p>
          ) : null}
        </div>
        <div className="shrink-0 lg:mt-3">
          {canReserve && storageRefused ? (
            <NewTabLink href={fullSitePath(optionsHref)} className="btn-primary w-full" testId="reserve-link">
              {t("car.reserve")}
            </NewTabLink>
          ) : canReserve ? (
            <Link to={optionsHref} className="btn-primary w-full" data-testid="reserve-link">
              {t("car.reserve")}
            </Link>
          ) : blocked ? (
            <button
              type="button"
              className="btn-primary w-full"
              disabled
              aria-describedby="car-blocked"
              data-testid="reserve-disabled"
            >
              {t("car.reserve")}
            </button>
          ) : (
            <a href="#change-dates" className="btn-primary w-full" data-testid="choose-dates">
              {t("car.chooseDates")}
            </a>
          )}
        </div>
      </div>
      {price ? (
        <div className="mt-2 hidden lg:block">
          {loaderData.remaining !== null && loaderData.mark ? (
            <RemainingMark remaining={loaderData.remaining} mark={loaderData.mark} display={display} />
          ) : null}
          <PriceSummary price={price} withTotal={false} />
        </div>
      ) : null}
    </section>
  );
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-3 pt-3 pb-6 outline-none sm:px-4 lg:pb-10">
      <p>
        <Link to={`${sitePath(shell, "/reserve")}?${carryQuery}`} className="link tap text-sm">
          ← {t("car.backToResults")}
        </Link>
      </p>
      <div className="mt-2 grid gap-4 lg:grid-cols-[1fr_22rem] lg:items-start lg:gap-6">
        <div className="grid min-w-0 gap-4">
          <header>
            <p className="text-sm text-gray-700">
              {car.className} · {store.name}
            </p>
            <h1 className="text-2xl font-bold" data-testid="page-title">
              {car.name}
            </h1>
            {car.modelNames ? <p className="text-gray-700">{car.modelNames}</p> : null}
          </header>
          {shell.embedded ? reserveBox : null}
          {/* On a desktop the photo sits beside the specifications: it never fills the first screen. */}
          <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
            {display.showImages && car.images.length ? (
              <div className="flex snap-x gap-2 overflow-x-auto" data-testid="car-photos">
                {car.images.map((src, i) => (
                  <img
                    key={src}
                    src={src}
                    alt={t("car.photo", { name: car.name })}
                    width={640}
                    height={400}
                    loading={i === 0 ? "eager" : "lazy"}
                    // The first photo is the page's largest paint on a phone: fetched before the scripts.
                    fetchPriority={i === 0 ? "high" : undefined}
                    className="aspect-[8/5] max-h-[40vh] w-full max-w-xl shrink-0 snap-start rounded-lg bg-gray-100 object-cover lg:max-h-none"
                  />
                ))}
              </div>
            ) : null}
            <section aria-labelledby="specs-heading" className="card p-4">
              <h2 id="specs-heading" className="mb-2 font-bold">
                {t("car.specs")}
              </h2>
              <CarSpecs car={car} />
              {car.notes ? (
                <>
                  <h3 className="mt-4 font-semibold">{t("car.notes")}</h3>
                  <p className="whitespace-pre-line text-sm" data-testid="car-notes">
                    {car.notes}
                  </p>
                </>
              ) : null}
            </section>
          </div>
          <details className="disclosure card px-4" data-testid="fees-disclosure">
            <summary>{t("car.feesAndOptions")}</summary>
            <div className="grid gap-4 pb-4">
              {loaderData.feeTables.map((table) => (
                <FeeTable key={`${table.mode}-${table.isHighSeason}`} table={table} />
              ))}
              {loaderData.options.length ? (
                <div>
                  <h3 className="mb-1 font-semibold">{t("fee.options")}</h3>
                  <ul className="text-sm" data-testid="car-options">
                    {loaderData.options.map((o) => (
                      <li key={o.id}>
                        {o.name}: {optionPrice(o)}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          </details>
          {display.showCalendar ? (
            <details className="disclosure card px-4" data-testid="calendar-disclosure" open={Boolean(blocked)}>
              <summary>{t("calendar.title")}</summary>
              <div className="pb-4">
                <VacancyCalendar calendar={loaderData.calendar} display={display} monthHref={monthHref} />
              </div>
            </details>
          ) : null}
        </div>

        <aside className="grid content-start gap-4 lg:sticky lg:top-4">
          <details id="change-dates" className="disclosure card px-4" open={hasErrors || !period}>
            <summary>{period ? t("results.change") : t("car.chooseDates")}</summary>
            <div className="pb-4">
              <SearchForm action={base} data={loaderData.form} errors={loaderData.errors} compact />
            </div>
          </details>
          {shell.embedded ? null : reserveBox}
        </aside>
      </div>
    </main>
  );
}
