import { Link } from "react-router";
import { StoreInfo } from "#app/components/store-info";
import { useI18n } from "#app/lib/i18n";
import { metaTranslate, seoMeta } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import { getSite } from "#app/lib/site.server";
import { storeView } from "#app/presenters/store.server";
import type { Route } from "./+types/store-list";

/** The same for every anonymous visitor: the server may keep it for a second (decision 036). */
export const handle = { publicCache: true };

export function loader({ context }: Route.LoaderArgs) {
  const { bundle, locale } = getSite(context);
  return { stores: bundle.stores.map((s) => storeView(s, locale)) };
}

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslate(args.matches);
  const stores = (args.loaderData?.stores ?? []).map((s) => s.name).join(t("list.separator"));
  return seoMeta(args, {
    kind: "store",
    title: t("store.listTitle"),
    description: stores ? t("seo.storeListDescription", { stores }) : "",
  });
};

export default function StoreList({ loaderData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("store.listTitle")}
      </h1>
      {loaderData.stores.length ? (
        <ul className="mt-6 grid gap-4 md:grid-cols-2" data-testid="store-list">
          {loaderData.stores.map((s) => (
            <li key={s.id} className="rounded bg-white p-5 shadow-sm">
              <h2 className="mb-3 text-lg font-bold">
                <Link to={sitePath(shell, `/store/${s.id}`)} className="link" data-testid="store-link">
                  {s.name}
                </Link>
              </h2>
              <StoreInfo store={s} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6">{t("store.noStores")}</p>
      )}
    </main>
  );
}
