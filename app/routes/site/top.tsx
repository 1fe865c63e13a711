import { Link } from "react-router";
import { RichText } from "#app/components/rich-text";
import { SearchForm } from "#app/components/search/search-form";
import { StoreInfo } from "#app/components/store-info";
import { SuspendedNotice } from "#app/components/suspended-notice";
import { useI18n } from "#app/lib/i18n";
import { seoMeta, textDescription } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import { getSite } from "#app/lib/site.server";
import { topContent } from "#app/presenters/content.server";
import { searchFormDefaults } from "#app/presenters/search.server";
import { storeView } from "#app/presenters/store.server";
import type { Route } from "./+types/top";

/** The same for every anonymous visitor: the server may keep it for a second (decision 036). */
export const handle = { publicCache: true };

export function loader({ context }: Route.LoaderArgs) {
  const { bundle, locale } = getSite(context);
  const now = new Date();
  return {
    ...topContent(bundle, locale),
    stores: bundle.stores.map((s) => storeView(s, locale)),
    search: searchFormDefaults(bundle, locale, {}, now),
    // Paused online bookings are said before any search, with the phones to book by (issue 40).
    suspended: !bundle.settings.webReserveAccepting,
  };
}

// React 19 preloads the hero (an <img fetchPriority="high">) at the head's start by itself.
export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { kind: "top", description: args.loaderData?.intro ? textDescription(args.loaderData.intro) : "" });

export default function Top({ loaderData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      {/* The search comes first: on a phone right under a short hero, on a desktop beside it. */}
      <div className="mx-auto grid max-w-6xl gap-4 px-3 pt-3 sm:px-4 lg:grid-cols-[1fr_26rem] lg:items-start lg:gap-6 lg:pt-6">
        <div className="grid gap-3">
          {loaderData.siteImage ? (
            <img
              src={loaderData.siteImage}
              alt={t("top.siteImageAlt", { title: shell.title })}
              width={1600}
              height={600}
              className="aspect-[8/3] w-full rounded-xl object-cover"
              fetchPriority="high"
              data-testid="site-image"
            />
          ) : null}
          <h1 className="text-xl font-bold sm:text-2xl" data-testid="page-title">
            {shell.title}
          </h1>
        </div>
        {loaderData.suspended ? (
          <div className="lg:row-span-2">
            <SuspendedNotice stores={loaderData.stores} />
          </div>
        ) : (
          <section aria-labelledby="search-heading" className="lg:row-span-2">
            <h2 id="search-heading" className="mb-1 text-lg font-bold">
              {t("search.title")}
            </h2>
            <p className="mb-2 text-sm text-gray-700">{t("top.searchLead")}</p>
            <div className="card p-4">
              <SearchForm action={sitePath(shell, "/reserve")} data={loaderData.search} compact />
            </div>
          </section>
        )}
        {loaderData.intro ? (
          <div className="lg:col-start-1">
            <RichText source={loaderData.intro} />
          </div>
        ) : null}
      </div>
      <div className="mx-auto max-w-6xl px-3 pb-8 sm:px-4">
        <section aria-labelledby="news-heading" className="mt-8">
          <h2
            id="news-heading"
            className="border-b-4 pb-1 text-xl font-bold"
            style={{ borderColor: "var(--site-color)" }}
          >
            {t("top.news")}
          </h2>
          {loaderData.news.length ? (
            <ul className="card mt-4 divide-y divide-gray-200" data-testid="news-list">
              {loaderData.news.map((n) => (
                <li key={n.id} className="p-4">
                  <p className="text-sm text-gray-700">
                    <time dateTime={n.date.replaceAll("/", "-")}>{n.date}</time>
                  </p>
                  <h3 className="font-semibold">{n.title}</h3>
                  {n.body ? <p className="mt-1 whitespace-pre-line text-sm">{n.body}</p> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-gray-700">{t("top.noNews")}</p>
          )}
        </section>

        <section aria-labelledby="stores-heading" className="mt-10">
          <h2
            id="stores-heading"
            className="border-b-4 pb-1 text-xl font-bold"
            style={{ borderColor: "var(--site-color)" }}
          >
            {t("top.stores")}
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2" data-testid="store-summaries">
            {loaderData.stores.map((s) => (
              <li key={s.id} className="card p-4">
                <h3 className="mb-2 text-lg font-bold">{s.name}</h3>
                <StoreInfo store={s} />
                <p className="mt-3">
                  <Link to={sitePath(shell, `/store/${s.id}`)} className="link tap">
                    {t("top.storeDetail", { name: s.name })}
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
