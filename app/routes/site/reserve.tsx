import { data, Form, useSubmit } from "react-router";
import { searchCarTypes } from "../../../server/availability/search";
import { parseSearchQuery } from "../../../server/availability/search-schema";
import { CarCard } from "../../components/car/car-card";
import { useReasonText } from "../../components/search/field-error";
import { SearchForm } from "../../components/search/search-form";
import { SORT_LABEL } from "../../i18n/labels";
import { useI18n } from "../../lib/i18n";
import { metaTranslate, seoMeta } from "../../lib/seo";
import { sitePath, useSite } from "../../lib/site";
import { getSite, services } from "../../lib/site.server";
import { searchView } from "../../presenters/search.server";
import type { Route } from "./+types/reserve";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { siteId, bundle, locale } = getSite(context);
  const query = parseSearchQuery(new URL(request.url).searchParams);
  const outcome = await searchCarTypes(services(context).db, siteId, { bundle, query, now: new Date() });
  const view = searchView(bundle, locale, query, outcome);
  return data(view, { status: Object.keys(outcome.errors).length ? 422 : 200 });
}

/** Results for a query are not indexed; the page itself (no query) is, and is every result page's canonical. */
export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslate(args.matches);
  return seoMeta(args, {
    kind: "reserve",
    title: t("nav.search"),
    description: t("seo.reserveDescription"),
    noindex: [...new URLSearchParams(args.location.search).keys()].length > 0,
  });
};

const control = "rounded border border-gray-400 bg-white px-2 py-1.5";

function RadioGroup({
  legend,
  name,
  value,
  choices,
}: {
  legend: string;
  name: string;
  value: number | null;
  choices: [string, string][];
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="font-semibold">{legend}</legend>
      <div className="flex gap-3">
        {choices.map(([v, label]) => (
          <label key={v} className="flex items-center gap-1">
            <input type="radio" name={name} value={v} defaultChecked={String(value ?? "") === v} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Filters({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t } = useI18n();
  const submit = useSubmit();
  const { filters, carry } = loaderData;
  return (
    <Form
      method="get"
      className="grid gap-3 rounded-lg bg-white p-4 text-sm shadow-sm sm:grid-cols-2 lg:grid-cols-3"
      onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
      data-testid="filters"
      aria-label={t("filters.title")}
    >
      {Object.entries(carry).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{t("filters.passengers")}</span>
        <select name="capacity" defaultValue={filters.capacity ?? ""} className={control} data-testid="filter-capacity">
          <option value="">{t("filters.any")}</option>
          {[2, 3, 4, 5, 6, 7, 8].map((n) => (
            <option key={n} value={n}>
              {t("filters.passengersN", { n })}
            </option>
          ))}
        </select>
      </label>
      <RadioGroup
        legend={t("filters.smoking")}
        name="smoking"
        value={filters.smoking}
        choices={[
          ["", t("filters.any")],
          ["1", t("smoking.1")],
          ["2", t("smoking.2")],
        ]}
      />
      <RadioGroup
        legend={t("filters.mission")}
        name="mission"
        value={filters.mission}
        choices={[
          ["", t("filters.any")],
          ["1", t("mission.1")],
          ["2", t("mission.2")],
        ]}
      />
      <label className="flex items-center gap-2">
        <input type="checkbox" name="fwd" value="1" defaultChecked={filters.fwd} data-testid="filter-fwd" />
        {t("filters.fwd")}
      </label>
      {loaderData.undecided ? null : (
        <label className="flex items-center gap-2">
          {/* Checked sends 1 first; unchecked sends only the hidden 2, overriding the site default. */}
          <input type="checkbox" name="empty" value="1" defaultChecked={filters.showEmpty} data-testid="filter-empty" />
          <input type="hidden" name="empty" value="2" />
          {t("filters.showFull")}
        </label>
      )}
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{t("sort.label")}</span>
        <select name="sort" defaultValue={filters.sort} className={control} data-testid="sort">
          {(["recommend", "price_asc", "price_desc"] as const).map((s) => (
            <option key={s} value={s}>
              {t(SORT_LABEL[s])}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-end sm:col-span-2 lg:col-span-3">
        <button
          type="submit"
          className="rounded border border-gray-500 px-4 py-1.5 font-semibold"
          data-testid="filters-apply"
        >
          {t("filters.apply")}
        </button>
      </div>
    </Form>
  );
}

export default function Reserve({ loaderData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  const reasonText = useReasonText();
  const { offers, period, notice, carry, storeId } = loaderData;
  const detailQuery = new URLSearchParams(carry).toString();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("results.title")}
      </h1>
      <div className="mt-4">
        <SearchForm action={sitePath(shell, "/reserve")} data={loaderData.form} errors={loaderData.errors} />
      </div>
      {Object.keys(loaderData.errors).length ? null : (
        <section className="mt-6 grid gap-4" aria-labelledby="results-heading">
          <h2 id="results-heading" className="sr-only">
            {t("results.title")}
          </h2>
          <Filters loaderData={loaderData} />
          <div className="flex flex-wrap items-baseline justify-between gap-2" aria-live="polite">
            <p className="font-semibold" data-testid="results-summary">
              {period ? `${t("results.period", { start: period.start, end: period.end })} · ` : ""}
              {t("results.count", { count: offers.length })}
            </p>
            {loaderData.hiddenFullyBooked ? (
              <p className="text-sm text-gray-700" data-testid="hidden-full">
                {t("results.hiddenFull", { count: loaderData.hiddenFullyBooked })}
              </p>
            ) : null}
          </div>
          {loaderData.undecided ? <p className="text-sm text-gray-700">{t("results.undecided")}</p> : null}
          {notice ? (
            <p
              role="status"
              className="rounded bg-amber-50 p-3 font-semibold text-amber-950"
              data-testid="results-notice"
            >
              {reasonText(notice)}
            </p>
          ) : null}
          <ul className="grid gap-4" data-testid="results">
            {offers.map((o) => (
              <CarCard
                key={o.carType.id}
                offer={o}
                display={loaderData.display}
                detailHref={`${sitePath(shell, `/reserve/stores/${storeId}/cars/${o.carType.id}`)}?${detailQuery}`}
              />
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
