import { Link } from "react-router";
import { codeLabel, WEEKDAY_LABEL } from "#app/i18n/labels";
import { useI18n } from "#app/lib/i18n";
import { sitePath, useSite } from "#app/lib/site";
import type { FeePageData } from "#app/presenters/fee.server";
import { formatIsoDate } from "#common/format";
import { FeeTable } from "./fee-table";
import { useOptionPrice, useYen } from "./price";
import { PriceTable } from "./price-table";

/**
 * A store's fee plans, options and high-season days (spec §2 /fee), as the booking's quote prices
 * them (server/catalog/fee-schedule.ts): the fee page and the site's price-list page both show it.
 */
export function FeeSchedule({ data, path }: { data: FeePageData; path: string }) {
  const shell = useSite();
  const { t } = useI18n();
  const yen = useYen();
  const optionPrice = useOptionPrice();
  const { stores, storeId, classes, options } = data;
  const sep = t("list.separator");
  const highSeason = [
    ...data.highSeasonWeekdays.map((d) => t(codeLabel(WEEKDAY_LABEL, d))),
    ...data.highSeasonRuns.map(([from, to]) =>
      from === to ? formatIsoDate(from) : t("results.period", { start: formatIsoDate(from), end: formatIsoDate(to) }),
    ),
  ];
  return (
    <div data-testid="fee-schedule">
      <p className="mt-2 text-sm text-gray-700">{t("fee.sameAsQuote")}</p>
      {stores.length > 1 ? (
        <nav aria-label={t("fee.storeTabs")} className="mt-4">
          <ul className="flex flex-wrap gap-2" data-testid="fee-stores">
            {stores.map((s) => (
              <li key={s.id}>
                <Link
                  to={`${sitePath(shell, path)}?si=${s.id}`}
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
    </div>
  );
}
