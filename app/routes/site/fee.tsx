import { FeeSchedule } from "#app/components/car/fee-schedule";
import { useI18n } from "#app/lib/i18n";
import { metaTranslate, seoMeta } from "#app/lib/seo";
import { getSite } from "#app/lib/site.server";
import { feePage } from "#app/presenters/fee.server";
import { parseId } from "#common/params";
import { feeSchedule } from "#server/catalog/fee-schedule";
import type { Route } from "./+types/fee";

/** The same for every anonymous visitor: the server may keep it for a second (decision 036). */
export const handle = { publicCache: true };

export function loader({ request, context }: Route.LoaderArgs) {
  const { bundle, locale } = getSite(context);
  const storeId = parseId(new URL(request.url).searchParams.get("si"));
  return feePage(bundle, locale, feeSchedule(bundle, storeId, new Date()));
}

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslate(args.matches);
  return seoMeta(args, { kind: "fee", title: t("fee.title"), description: t("seo.feeDescription"), query: ["si"] });
};

export default function Fee({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("fee.title")}
      </h1>
      <p className="mt-2 text-gray-700">{t("fee.lead")}</p>
      <FeeSchedule data={loaderData} path="/fee" />
    </main>
  );
}
