import { Link } from "react-router";
import { storeView } from "../../../server/stores/store-view";
import { StoreInfo } from "../../components/store-info";
import { useI18n } from "../../lib/i18n";
import { seoMeta } from "../../lib/seo";
import { sitePath, useShell } from "../../lib/shell";
import { notFound, requireId, requireSite } from "../../lib/site.server";
import type { Route } from "./+types/store-detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { bundle, locale } = await requireSite(context, request, params.siteId);
  const id = requireId(params.storeId);
  const store = bundle.stores.find((s) => s.id === id);
  if (!store) notFound();
  return { store: storeView(store, locale) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, "store_detail", loaderData?.store.name);

export default function StoreDetail({ loaderData }: Route.ComponentProps) {
  const shell = useShell();
  const { t } = useI18n();
  if (!shell) return null;
  const { store } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-4xl px-4 py-8 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {store.name}
      </h1>
      <div className="mt-6 rounded bg-white p-5 shadow-sm">
        <StoreInfo store={store} detailed />
      </div>
      <p className="mt-6">
        <Link to={sitePath(shell, "/store")} className="link">
          {t("store.backToList")}
        </Link>
      </p>
    </main>
  );
}
