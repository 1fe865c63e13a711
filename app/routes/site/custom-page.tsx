import { notFoundError } from "../../../server/errors";
import { RichText } from "../../components/rich-text";
import { seoMeta, textDescription } from "../../lib/seo";
import { getSite } from "../../lib/site.server";
import { customPageContent } from "../../presenters/content.server";
import type { Route } from "./+types/custom-page";

export function loader({ context, params }: Route.LoaderArgs) {
  const { bundle, locale } = getSite(context);
  const page = customPageContent(bundle, locale, params.url);
  if (!page) throw notFoundError();
  return { title: page.title, contents: page.contents, url: page.url };
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
    </main>
  );
}
