import { Link } from "react-router";
import { localDate } from "../../../common/calendar-date";
import { periodValues } from "../../../server/availability/period";
import { parseSearchQuery } from "../../../server/availability/search-schema";
import { vacancyDisplay } from "../../../server/availability/vacancy";
import { carTypeDetail } from "../../../server/catalog/car-type-detail";
import { notFoundError } from "../../../server/errors";
import { VacancyCalendar } from "../../components/calendar/vacancy-calendar";
import { CarSpecs } from "../../components/car/car-specs";
import { FeeTable } from "../../components/car/fee-table";
import { PriceSummary, useOptionPrice } from "../../components/car/price";
import { RemainingMark } from "../../components/car/remaining-mark";
import { useReasonText } from "../../components/search/field-error";
import { SearchForm } from "../../components/search/search-form";
import { useI18n } from "../../lib/i18n";
import { metaTranslate, seoMeta } from "../../lib/seo";
import { sitePath, useSite } from "../../lib/site";
import { getSite, requireId, services } from "../../lib/site.server";
import { carTypeView, optionView } from "../../presenters/catalog.server";
import { periodLabel, periodQuery, searchFormData } from "../../presenters/search.server";
import { storeView } from "../../presenters/store.server";
import type { Route } from "./+types/car-type";

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
  const values = outcome?.values ?? periodValues(query, bundle.settings, localDate(new Date(), detail.store.timeZone));
  return {
    store: storeView(detail.store, locale),
    carType: carTypeView(detail.carType, detail.carClass, locale),
    feeTables: detail.feeTables,
    options: detail.options.map((o) => optionView(o, locale)),
    calendar: detail.calendar,
    display: vacancyDisplay(bundle),
    // The store is fixed on this page: the form carries it as a hidden field.
    form: { ...searchFormData(bundle, locale, values, storeId), stores: [] },
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
  return seoMeta(args, {
    kind: "car_type",
    shared: true,
    title: `${carType.name} | ${store.name}`,
    description: t("seo.carTypeDescription", { name: carType.name, className: carType.className, store: store.name }),
    image: carType.images[0] ?? null,
  });
};

export default function CarType({ loaderData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  const optionPrice = useOptionPrice();
  const reasonText = useReasonText();
  const { carType: car, store, carry, display } = loaderData;
  const base = sitePath(shell, `/reserve/stores/${store.id}/cars/${car.id}`);
  const carryQuery = new URLSearchParams(carry).toString();
  const canReserve = Boolean(loaderData.price) && !loaderData.blocked;
  const monthHref = (month: string) => `${base}?${new URLSearchParams({ ...carry, month }).toString()}`;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none">
      <p className="text-sm">
        <Link to={`${sitePath(shell, "/reserve")}?${carryQuery}`} className="link">
          ← {t("car.backToResults")}
        </Link>
      </p>
      <p className="mt-4 text-sm text-gray-700">
        {car.className} · {store.name}
      </p>
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {car.name}
      </h1>
      {car.modelNames ? <p className="text-gray-700">{car.modelNames}</p> : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_340px]">
        <div className="grid gap-6">
          {display.showImages && car.images.length ? (
            <div className="grid gap-2 sm:grid-cols-2" data-testid="car-photos">
              {car.images.map((src, i) => (
                <img
                  key={src}
                  src={src}
                  alt={t("car.photo", { name: car.name })}
                  width={640}
                  height={400}
                  loading={i === 0 ? "eager" : "lazy"}
                  className="h-auto w-full rounded bg-gray-100"
                />
              ))}
            </div>
          ) : null}
          <section aria-labelledby="specs-heading" className="rounded-lg bg-white p-4 shadow-sm">
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
          <section aria-labelledby="fees-heading" className="grid gap-4 rounded-lg bg-white p-4 shadow-sm">
            <h2 id="fees-heading" className="font-bold">
              {t("fee.title")}
            </h2>
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
          </section>
          {display.showCalendar ? (
            <VacancyCalendar calendar={loaderData.calendar} display={display} monthHref={monthHref} />
          ) : null}
        </div>

        <aside className="grid content-start gap-4">
          <section
            aria-labelledby="price-heading"
            className="rounded-lg bg-white p-4 shadow-sm"
            data-testid="reserve-box"
          >
            <h2 id="price-heading" className="mb-2 font-bold">
              {t("car.priceForPeriod")}
            </h2>
            {loaderData.period ? (
              <p className="mb-2 text-sm">
                {t("results.period", { start: loaderData.period.start, end: loaderData.period.end })}
              </p>
            ) : (
              <p className="mb-2 text-sm text-gray-700">{t("car.selectDates")}</p>
            )}
            {loaderData.remaining !== null && loaderData.mark ? (
              <RemainingMark remaining={loaderData.remaining} mark={loaderData.mark} display={display} />
            ) : null}
            {loaderData.price ? <PriceSummary price={loaderData.price} /> : null}
            {loaderData.blocked ? (
              <p role="alert" className="mt-2 font-semibold text-red-700" data-testid="car-blocked">
                {reasonText(loaderData.blocked)}
              </p>
            ) : null}
            {canReserve ? (
              <Link to={`${base}/options?${carryQuery}`} className="btn-primary mt-3 w-full" data-testid="reserve-link">
                {t("car.reserve")}
              </Link>
            ) : null}
          </section>
          <SearchForm action={base} data={loaderData.form} errors={loaderData.errors} compact />
        </aside>
      </div>
    </main>
  );
}
