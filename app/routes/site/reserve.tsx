import { data, Form, Link, useSubmit } from "react-router";
import { CarCard, CarIconSprite } from "#app/components/car/car-card";
import { useReasonText } from "#app/components/search/field-error";
import { SearchForm } from "#app/components/search/search-form";
import { SearchSummary } from "#app/components/search/search-summary";
import { SORT_LABEL } from "#app/i18n/labels";
import { useI18n } from "#app/lib/i18n";
import { metaTranslate, seoMeta } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import { getSite, services } from "#app/lib/site.server";
import { searchView, suggestionsView } from "#app/presenters/search.server";
import { searchCarTypes } from "#server/availability/search";
import { parseSearchQuery } from "#server/availability/search-schema";
import { suggestAlternatives } from "#server/availability/suggestions";
import type { Route } from "./+types/reserve";

/** The same for every anonymous visitor: the server may keep it for a second (decision 036). */
export const handle = { publicCache: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { siteId, bundle, locale } = getSite(context);
  const { db } = services(context);
  const query = parseSearchQuery(new URL(request.url).searchParams);
  const now = new Date();
  const outcome = await searchCarTypes(db, siteId, { bundle, query, now });
  const suggestions = await suggestAlternatives(db, siteId, { bundle, query, outcome, now });
  const view = {
    ...searchView(bundle, locale, query, outcome, now),
    suggestions: suggestionsView(bundle, locale, outcome, suggestions),
  };
  return data(view, { status: Object.keys(outcome.errors).length ? 422 : 200 });
}

/**
 * Every result page names `/reserve` (no query) as its canonical: search engines fold the dated,
 * filtered variants into it. No `noindex` beside it, which would contradict the canonical.
 */
export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslate(args.matches);
  return seoMeta(args, {
    kind: "reserve",
    title: t("nav.search"),
    description: t("seo.reserveDescription"),
  });
};

type Data = Route.ComponentProps["loaderData"];

function RadioGroup(props: { legend: string; name: string; value: number | null; choices: [string, string][] }) {
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 font-semibold">{props.legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {props.choices.map(([v, label]) => (
          <label key={v} className="flex min-h-11 items-center gap-2">
            <input type="radio" name={props.name} value={v} defaultChecked={String(props.value ?? "") === v} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const select = "min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 text-base";

/** Filters in a disclosure with the number that are on; the sort beside it. Changes apply at once with JavaScript. */
function Filters({ loaderData }: { loaderData: Data }) {
  const { t, tp } = useI18n();
  const submit = useSubmit();
  const { filters, carry } = loaderData;
  const active = [filters.capacity, filters.smoking, filters.mission, filters.fwd || null].filter(Boolean).length;
  return (
    <Form
      method="get"
      className="grid gap-2"
      onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
      data-testid="filters"
      aria-label={t("filters.title")}
    >
      {Object.entries(carry).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <details className="disclosure card px-4" data-testid="filters-panel">
        <summary data-active={active}>
          {active ? t("filters.openActive", { count: active }) : t("filters.open")}
        </summary>
        <div className="grid gap-4 pb-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <label className="grid gap-1">
            <span className="font-semibold">{t("filters.passengers")}</span>
            <select
              name="capacity"
              defaultValue={filters.capacity ?? ""}
              className={select}
              data-testid="filter-capacity"
            >
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
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" name="fwd" value="1" defaultChecked={filters.fwd} data-testid="filter-fwd" />
            {t("filters.fwd")}
          </label>
          {loaderData.undecided ? null : (
            <label className="flex min-h-11 items-center gap-2">
              {/* Checked sends 1 first; unchecked sends only the hidden 2, overriding the site default. */}
              <input
                type="checkbox"
                name="empty"
                value="1"
                defaultChecked={filters.showEmpty}
                data-testid="filter-empty"
              />
              <input type="hidden" name="empty" value="2" />
              {t("filters.showFull")}
            </label>
          )}
          <div className="flex items-end">
            <button type="submit" className="btn-secondary w-full" data-testid="filters-apply">
              {t("filters.apply")}
            </button>
          </div>
        </div>
      </details>
      <div className="flex items-center justify-between gap-3 px-1" aria-live="polite">
        <p className="font-semibold" data-testid="results-summary">
          {tp("results.count", loaderData.offers.length)}
        </p>
        <label className="flex items-center gap-2 text-sm">
          <span className="whitespace-nowrap text-gray-700">{t("sort.label")}</span>
          <select
            name="sort"
            defaultValue={filters.sort}
            className="min-h-11 rounded-lg border border-gray-400 bg-white px-2"
            data-testid="sort"
          >
            {(["recommend", "price_asc", "price_desc"] as const).map((s) => (
              <option key={s} value={s}>
                {t(SORT_LABEL[s])}
              </option>
            ))}
          </select>
        </label>
      </div>
    </Form>
  );
}

/** A search with nothing free says where cars are free instead (other stores, nearby dates). */
function Suggestions({ loaderData }: { loaderData: Data }) {
  const { t, tp } = useI18n();
  const shell = useSite();
  const reserve = sitePath(shell, "/reserve");
  const { suggestions } = loaderData;
  return (
    <section className="card grid gap-2 p-4" aria-labelledby="suggest-heading" data-testid="suggestions">
      <h2 id="suggest-heading" className="font-bold">
        {t("results.suggestTitle")}
      </h2>
      {suggestions.length ? (
        <ul className="grid gap-2">
          {suggestions.map((s) => (
            <li key={s.href}>
              <Link
                to={`${reserve}?${s.href}`}
                className="btn-secondary w-full justify-between text-left"
                data-testid="suggestion"
              >
                <span>
                  {s.kind === "store"
                    ? tp("results.suggestStore", s.free, { store: s.storeName })
                    : t("results.suggestDates", { start: s.start, end: s.end })}
                </span>
                <span aria-hidden="true">→</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("results.suggestNone")}</p>
      )}
    </section>
  );
}

export default function Reserve({ loaderData }: Route.ComponentProps) {
  const shell = useSite();
  const { t, tp } = useI18n();
  const reasonText = useReasonText();
  const { offers, period, notice, carry, storeId } = loaderData;
  const detailQuery = new URLSearchParams(carry).toString();
  const hasErrors = Object.keys(loaderData.errors).length > 0;
  return (
    <main id="main" tabIndex={-1} className="mx-auto grid max-w-5xl gap-3 px-3 py-3 outline-none sm:px-4 sm:py-5">
      <h1 className="sr-only" data-testid="page-title">
        {shell.embedded ? t("customPage.embeddedTitle", { title: shell.title }) : t("results.title")}
      </h1>
      <SearchSummary
        storeName={loaderData.storeName}
        period={period}
        timeZone={loaderData.timeZone}
        open={hasErrors || (!period && !loaderData.undecided)}
      >
        <SearchForm action={sitePath(shell, "/reserve")} data={loaderData.form} errors={loaderData.errors} />
      </SearchSummary>
      {hasErrors ? null : (
        <section className="grid gap-3" aria-labelledby="results-heading">
          <h2 id="results-heading" className="sr-only">
            {t("results.title")}
          </h2>
          <Filters loaderData={loaderData} />
          {loaderData.hiddenFullyBooked ? (
            <p className="px-1 text-sm text-gray-700" data-testid="hidden-full">
              {tp("results.hiddenFull", loaderData.hiddenFullyBooked)}
            </p>
          ) : null}
          {loaderData.undecided ? <p className="px-1 text-sm text-gray-700">{t("results.undecided")}</p> : null}
          {notice ? (
            <p
              role="status"
              className="rounded-lg bg-amber-50 p-3 font-semibold text-amber-950"
              data-testid="results-notice"
            >
              {reasonText(notice)}
            </p>
          ) : null}
          {notice?.code === "no_cars_in_period" && period ? <Suggestions loaderData={loaderData} /> : null}
          <CarIconSprite />
          <ul className="grid gap-3" data-testid="results">
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
