import { FeeSchedule } from "#app/components/car/fee-schedule";
import { RichText } from "#app/components/rich-text";
import { seoMeta, textDescription } from "#app/lib/seo";
import { getSite } from "#app/lib/site.server";
import { customPageContent } from "#app/presenters/content.server";
import { feePage } from "#app/presenters/fee.server";
import { parseId } from "#common/params";
import { feeSchedule } from "#server/catalog/fee-schedule";
import { notFoundError } from "#server/errors";
import type { Route } from "./+types/custom-page";

/** The same for every anonymous visitor: the server may keep it for a second (decision 036). */
export const handle = { publicCache: true };

export function loader({ request, context, params }: Route.LoaderArgs) {
  const { bundle, locale } = getSite(context);
  const page = customPageContent(bundle, locale, params.url);
  if (!page) throw notFoundError();
  // The site's price-list page (spec §2) carries the fees as the booking prices them, under the
  // client's own text, so no hand-written figure can disagree with a quote (issue 40).
  const fees =
    page.url === bundle.settings.priceListPageUrl
      ? feePage(bundle, locale, feeSchedule(bundle, parseId(new URL(request.url).searchParams.get("si")), new Date()))
      : null;
  return { title: page.title, contents: page.contents, url: page.url, fees };
}

/** `/custom_page/{url}` is an alias: both name `/c/{url}` as canonical. */
export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData;
  if (!page) return [];
  return seoMeta(args, {
    kind: `custom_page:${page.url}`,
    title: page.title,
    description: textDescription(page.contents),
    path: `/c/${encodeURIComponent(page.url)}`,
  });
};

export default function CustomPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-4xl px-4 py-8 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {loaderData.title}
      </h1>
      <article className="mt-4 rounded bg-white p-6 shadow-sm">
        <RichText source={loaderData.contents} />
      </article>
      {loaderData.fees ? (
        <FeeSchedule data={loaderData.fees} path={`/c/${encodeURIComponent(loaderData.url)}`} />
      ) : null}
    </main>
  );
}
