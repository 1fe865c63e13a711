import { Link } from "react-router";
import { formatIsoDate } from "../../../common/format";
import { parseId } from "../../../common/params";
import { feeSchedule } from "../../../server/catalog/fee-schedule";
import { FeeTable } from "../../components/car/fee-table";
import { useOptionPrice, useYen } from "../../components/car/price";
import { PriceTable } from "../../components/car/price-table";
import { codeLabel, WEEKDAY_LABEL } from "../../i18n/labels";
import { useI18n } from "../../lib/i18n";
import { metaTranslate, seoMeta } from "../../lib/seo";
import { sitePath, useSite } from "../../lib/site";
import { getSite } from "../../lib/site.server";
import { feePage } from "../../presenters/fee.server";
import type { Route } from "./+types/fee";

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
  const shell = useSite();
  const { t } = useI18n();
  const yen = useYen();
  const optionPrice = useOptionPrice();
  const { stores, storeId, classes, options } = loaderData;
  const sep = t("list.separator");
  const highSeason = [
    ...loaderData.highSeasonWeekdays.map((d) => t(codeLabel(WEEKDAY_LABEL, d))),
    ...loaderData.highSeasonRuns.map(([from, to]) =>
      from === to ? formatIsoDate(from) : t("results.period", { start: formatIsoDate(from), end: formatIsoDate(to) }),
    ),
  ];
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("fee.title")}
      </h1>
      <p className="mt-2 text-gray-700">{t("fee.lead")}</p>
      {stores.length > 1 ? (
        <nav aria-label={t("fee.storeTabs")} className="mt-4">
          <ul className="flex flex-wrap gap-2" data-testid="fee-stores">
            {stores.map((s) => (
              <li key={s.id}>
                <Link
                  to={`${sitePath(shell, "/fee")}?si=${s.id}`}
                  aria-current={s.id === storeId ? "page" : undefined}
                  className={`inline-block rounded border px-3 py-1.5 ${s.id === storeId ? "site-theme border-transparent font-bold" : "border-gray-400 bg-white"}`}
                >
                  {s.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {highSeason.length ? (
        <p className="mt-4 text-sm" data-testid="high-season-days">
          <span className="font-semibold">{t("fee.highSeasonDays")}: </span>
          {highSeason.join(sep)}
        </p>
      ) : null}
      {classes.length ? (
        <div className="mt-6 grid gap-6">
          {classes.map((c) => (
            <section
              key={c.id}
              aria-labelledby={`class-${c.id}`}
              className="rounded-lg bg-white p-4 shadow-sm"
              data-testid="fee-class"
            >
              <h2 id={`class-${c.id}`} className="mb-3 text-lg font-bold">
                {c.name}
              </h2>
              <div className="grid gap-4 md:grid-cols-2">
                {c.tables.map((table) => (
                  <FeeTable key={`${table.mode}-${table.isHighSeason}`} table={table} />
                ))}
              </div>
              {c.immunityPerDay !== null ? (
                <p className="mt-3 text-sm" data-testid="fee-immunity">
                  {t("fee.immunity")}: {t("fee.pricePer", { price: yen(c.immunityPerDay), unit: t("fee.perDay") })}
                  {c.immunityDefault ? ` (${t("fee.immunityDefault")})` : ""}
                </p>
              ) : null}
            </section>
          ))}
        </div>
      ) : (
        <p className="mt-6">{t("fee.noPlans")}</p>
      )}
      {options.length ? (
        <section aria-labelledby="options-heading" className="mt-6 rounded-lg bg-white p-4 shadow-sm">
          <h2 id="options-heading" className="mb-3 text-lg font-bold">
            {t("fee.options")}
          </h2>
          <PriceTable
            testId="fee-options"
            headers={[t("fee.optionName"), t("fee.priceHeader")]}
            rows={options.map((o) => ({
              key: String(o.id),
              label: `${o.name}${o.maxQuantity > 1 ? ` (${t("fee.maxQuantity", { n: o.maxQuantity })})` : ""}`,
              price: optionPrice(o),
            }))}
          />
        </section>
      ) : null}
    </main>
  );
}
