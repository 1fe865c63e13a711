import { useI18n } from "#app/lib/i18n";
import { metaTranslate, siteIconOf } from "#app/lib/seo";
import { shellFromMatches } from "#app/lib/site";
import type { Route } from "./+types/unpublished";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = shellFromMatches(matches);
  const t = metaTranslate(matches);
  return [
    { title: `${t("unpublished.title")} | ${shell?.title ?? ""}` },
    { name: "robots", content: "noindex" },
    ...siteIconOf(matches),
  ];
};

export default function Unpublished() {
  const { t } = useI18n();
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("unpublished.title")}
      </h1>
      <p className="mt-4 text-gray-700">{t("unpublished.body")}</p>
    </main>
  );
}
