import { Link } from "react-router";
import { StoreInfo } from "../../components/store-info";
import { useI18n } from "../../lib/i18n";
import { metaTranslate, seoMeta } from "../../lib/seo";
import { sitePath, useSite } from "../../lib/site";
import { getSite } from "../../lib/site.server";
import { storeView } from "../../presenters/store.server";
import type { Route } from "./+types/embedded-top";

/** The booking entry a client embeds in its own site through an iframe (bare layout). */
export function loader({ context }: Route.LoaderArgs) {
  const { bundle, locale } = getSite(context);
  return { stores: bundle.stores.map((s) => storeView(s, locale)) };
}

/** The iframe variant for a client's own site: not indexed (its host page is). */
export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { kind: "embedded_top", title: metaTranslate(args.matches)("store.listTitle"), noindex: true });

export default function EmbeddedTop({ loaderData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  return (
    <main id="main" className="p-4">
      <h1 className="text-xl font-bold" data-testid="page-title">
        {t("customPage.embeddedTitle", { title: shell.title })}
      </h1>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {loaderData.stores.map((s) => (
          <li key={s.id} className="rounded border border-gray-200 p-3">
            <h2 className="mb-2 font-bold">{s.name}</h2>
            <StoreInfo store={s} />
          </li>
        ))}
      </ul>
      <p className="mt-4">
        <Link to={sitePath(shell, "/reserve")} target="_top" className="btn-primary">
          {t("nav.search")}
        </Link>
      </p>
    </main>
  );
}
