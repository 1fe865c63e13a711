import { RichText } from "../../components/rich-text";
import { pickLang } from "../../i18n/locales";
import { seoMeta } from "../../lib/seo";
import { notFound, requireSite } from "../../lib/site.server";
import type { Route } from "./+types/custom-page";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { bundle, locale } = await requireSite(context, request, params.siteId);
  const page = bundle.customPages.find((p) => p.pageUrl === params.url);
  if (!page) notFound();
  return {
    title: pickLang(page, "pageTitle", locale),
    contents: pickLang(page, "pageContents", locale),
    url: page.pageUrl,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, `custom_page:${loaderData?.url ?? ""}`, loaderData?.title);

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
